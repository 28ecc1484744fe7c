import { useEffect, useRef } from 'react';
import { ActionIcon, Group, Menu } from '@mantine/core';
import {
  IconChartBar,
  IconDots,
  IconEdit,
  IconHistory,
  IconPhoto,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { Link, generatePath } from 'react-router';
import { META_KEYS, metaFlag } from '@portal/contract';
import { routes } from '../../../shared/routes';
import type { UserNavigationState } from '../../../shared/users/use-user-from-route';
import type { UserRowActionsProps } from './user-row-actions';

/**
 * The row's actions in one menu (narrow screens: a 34 px column instead of 220 px), drawn from the
 * first press of its button on (user-row-actions.tsx): it opens at once and takes the focus when
 * the button it replaces had it.
 */
export function UserRowMenu({
  user,
  isSelf,
  handlers,
  search,
  focus,
}: Pick<UserRowActionsProps, 'user' | 'isSelf' | 'handlers'> & { search: string; focus: boolean }) {
  const id = String(user.id);
  const state: UserNavigationState = { user };
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <Group justify="flex-end" wrap="nowrap">
      <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
        <Menu.Target>
          <ActionIcon
            ref={button}
            variant="subtle"
            aria-label={`Actions for ${user.name}`}
            aria-haspopup="menu"
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to={{ pathname: generatePath(routes.usersEdit, { id }), search }}
            state={state}
            leftSection={<IconEdit size={16} aria-hidden />}
          >
            Edit
          </Menu.Item>
          <Menu.Item
            leftSection={<IconPhoto size={16} aria-hidden />}
            onClick={() => handlers.onChangeLogo(user)}
          >
            Change Logo
          </Menu.Item>
          {metaFlag(user, META_KEYS.nsbiEnabled) && (
            <Menu.Item
              component={Link}
              to={generatePath(routes.usersReports, { id })}
              state={state}
              leftSection={<IconChartBar size={16} aria-hidden />}
            >
              Report access
            </Menu.Item>
          )}
          <Menu.Item
            component={Link}
            to={`${routes.auditLog}?target=${user.id}`}
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Activity
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={generatePath(routes.usersSettings, { id })}
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            Settings
          </Menu.Item>
          {!isSelf && (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => handlers.onDelete(user)}
            >
              Delete
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
