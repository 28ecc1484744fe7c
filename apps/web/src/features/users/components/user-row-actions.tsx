import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconChartBar,
  IconDots,
  IconEdit,
  IconHistory,
  IconPhoto,
  IconRestore,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { Link, generatePath, useLocation } from 'react-router';
import { META_KEYS, metaFlag, type User } from '@portal/contract';
import { routes } from '../../../shared/routes';
import type { UserNavigationState } from '../../../shared/users/use-user-from-route';

export type UserRowHandlers = {
  onChangeLogo: (user: User) => void;
  onDelete: (user: User) => void;
  onRestore: (user: User) => void;
};

type UserRowActionsProps = {
  user: User;
  isSelf: boolean;
  blocked: boolean;
  handlers: UserRowHandlers;
  /** A phone-sized screen: one menu button instead of a row of icons (the row's name and email stay in sight). */
  folded?: boolean;
};

/**
 * Row actions of docs/product.md §2 Users: Edit, Change Logo, Settings, Delete (not on your own row); on the
 * blocked list only Restore. Edit and Settings are links (they navigate), the others open modals.
 */
export function UserRowActions({ user, isSelf, blocked, handlers, folded = false }: UserRowActionsProps) {
  const { search } = useLocation();
  if (folded && !blocked)
    return <UserRowMenu user={user} isSelf={isSelf} handlers={handlers} search={search} />;
  if (blocked) {
    return (
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRestore size={14} aria-hidden />}
          onClick={() => handlers.onRestore(user)}
          aria-label={`Restore ${user.name}`}
        >
          Restore
        </Button>
      </Group>
    );
  }
  const state: UserNavigationState = { user };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" role="group" aria-label={`Actions for ${user.name}`}>
      <RowAction label="Edit">
        <ActionIcon
          component={Link}
          to={{ pathname: generatePath(routes.usersEdit, { id: String(user.id) }), search }}
          state={state}
          variant="subtle"
          aria-label="Edit"
        >
          <IconEdit size={18} aria-hidden />
        </ActionIcon>
      </RowAction>
      <RowAction label="Change Logo">
        <ActionIcon variant="subtle" aria-label="Change Logo" onClick={() => handlers.onChangeLogo(user)}>
          <IconPhoto size={18} aria-hidden />
        </ActionIcon>
      </RowAction>
      {/* NSBI users: which of their project's dashboards and reports they see. */}
      {metaFlag(user, META_KEYS.nsbiEnabled) && (
        <RowAction label="Report access">
          <ActionIcon
            component={Link}
            to={generatePath(routes.usersReports, { id: String(user.id) })}
            state={state}
            variant="subtle"
            aria-label="Report access"
          >
            <IconChartBar size={18} aria-hidden />
          </ActionIcon>
        </RowAction>
      )}
      {/* What happened to this user, in the audit log. */}
      <RowAction label="Activity">
        <ActionIcon
          component={Link}
          to={`${routes.auditLog}?target=${user.id}`}
          variant="subtle"
          aria-label="Activity"
        >
          <IconHistory size={18} aria-hidden />
        </ActionIcon>
      </RowAction>
      <RowAction label="Settings">
        <ActionIcon
          component={Link}
          to={generatePath(routes.usersSettings, { id: String(user.id) })}
          variant="subtle"
          aria-label="Settings"
        >
          <IconSettings size={18} aria-hidden />
        </ActionIcon>
      </RowAction>
      {/* docs/product.md §6: an admin cannot delete their own account from the list. */}
      {!isSelf && (
        <RowAction label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label="Delete"
            onClick={() => handlers.onDelete(user)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </RowAction>
      )}
    </Group>
  );
}

function RowAction({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      {children}
    </Tooltip>
  );
}

/** The same actions in one menu (narrow screens): a 34 px column instead of 220 px. */
function UserRowMenu({
  user,
  isSelf,
  handlers,
  search,
}: Pick<UserRowActionsProps, 'user' | 'isSelf' | 'handlers'> & { search: string }) {
  const id = String(user.id);
  const state: UserNavigationState = { user };
  return (
    <Group justify="flex-end" wrap="nowrap">
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${user.name}`}>
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
