import { Suspense, lazy } from 'react';
import { ActionIcon, Button, Group } from '@mantine/core';
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
import { LightTooltip, type TooltipTarget } from '../../../shared/ui/light-tooltip';
import { useLoadOnIntent } from '../../../shared/ui/use-load-on-intent';
import type { UserRowMenu as UserRowMenuType } from './user-row-menu';
import type { UserNavigationState } from '../../../shared/users/use-user-from-route';

export type UserRowHandlers = {
  onChangeLogo: (user: User) => void;
  onDelete: (user: User) => void;
  onRestore: (user: User) => void;
};

export type UserRowActionsProps = {
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
    return <FoldedRowActions user={user} isSelf={isSelf} handlers={handlers} search={search} />;
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

function RowAction({ label, children }: { label: string; children: TooltipTarget }) {
  return (
    <LightTooltip label={label} openDelay={300}>
      {children}
    </LightTooltip>
  );
}

// Fetched when the pointer, focus or a touch first comes to a row's menu button, drawn when it is
// pressed: a menu brings the floating-element code, which drawing the list does not need
// (decisions 0028, 0039).
let menuCode: Promise<{ UserRowMenu: typeof UserRowMenuType }> | undefined;
const loadMenu = () => (menuCode ??= import('./user-row-menu'));
const UserRowMenu = lazy(() => loadMenu().then((m) => ({ default: m.UserRowMenu })));

/** A row's menu button until it is first pressed; then the menu in its place, open. */
function FoldedRowActions({
  user,
  isSelf,
  handlers,
  search,
}: Pick<UserRowActionsProps, 'user' | 'isSelf' | 'handlers'> & { search: string }) {
  const { pressed, triggerProps } = useLoadOnIntent(loadMenu);
  const button = (
    <Group justify="flex-end" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Actions for ${user.name}`}
        aria-haspopup="menu"
        aria-expanded={false}
        {...triggerProps}
      >
        <IconDots size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <UserRowMenu user={user} isSelf={isSelf} handlers={handlers} search={search} focus={pressed.focus} />
    </Suspense>
  );
}
