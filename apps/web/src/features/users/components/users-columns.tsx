import { useMemo } from 'react';
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { createColumnHelper, type Row } from '../../../shared/ui/data-table/columns';
import { META_KEYS, ROLE_IDS, metaValue, type User } from '@portal/contract';
import { UserRowActions, type UserRowHandlers } from './user-row-actions';
import { formatDay } from '../../../shared/format/dates';
import classes from './users-columns.module.css';

const column = createColumnHelper<User>();

type UsersColumnsOptions = {
  currentUserId: number | null;
  blocked: boolean;
  handlers: UserRowHandlers;
  /** A phone-sized screen: name and email first, the id after them, actions folded in a menu. */
  narrow?: boolean;
};

/**
 * The users table's columns (docs/product.md §2 Users); the API sorts by id, name, email and createdAt only.
 * Admin rows are highlighted and carry an 'Admin' badge so it is not colour alone.
 */
export function useUsersColumns({ currentUserId, blocked, handlers, narrow = false }: UsersColumnsOptions) {
  return useMemo(() => {
    const id = column.accessor('id', {
      header: 'ID',
      cell: (c) => (
        <Text fz="sm" c="dimmed">
          {c.getValue()}
        </Text>
      ),
    });
    return [
      ...(narrow ? [] : [id]),
      column.accessor('name', {
        header: 'Name',
        // Narrow: the email under the name, both cut with an ellipsis, so a row says who it is at rest.
        cell: (c) =>
          narrow ? (
            <div className={classes.who}>
              <Text fz="sm" fw={600} truncate="end">
                {c.getValue()}
              </Text>
              <Text fz="xs" c="dimmed" truncate="end">
                {c.row.original.email}
              </Text>
            </div>
          ) : (
            <Text fz="sm" fw={600}>
              {c.getValue()}
            </Text>
          ),
      }),
      ...(narrow ? [] : [column.accessor('email', { header: 'Email' })]),
      column.accessor((user) => metaValue(user, META_KEYS.companyName) ?? '', {
        id: 'company_name',
        header: 'Company name',
      }),
      column.display({
        id: 'role',
        header: 'Role',
        cell: ({ row }) => <RoleCell user={row.original} />,
      }),
      column.accessor('createdAt', { header: 'Created', cell: (c) => formatDay(c.getValue()) }),
      ...(narrow ? [id] : []),
      column.display({
        id: 'actions',
        header: () =>
          narrow ? (
            <VisuallyHidden>Actions</VisuallyHidden>
          ) : (
            <span className={classes.actionsHeader}>Actions</span>
          ),
        cell: ({ row }) => (
          <UserRowActions
            user={row.original}
            isSelf={row.original.id === currentUserId}
            blocked={blocked}
            handlers={handlers}
            folded={narrow}
          />
        ),
      }),
    ];
  }, [currentUserId, blocked, handlers, narrow]);
}

/** Admin rows stand out (docs/product.md §2). */
export const adminRowProps = (row: Row<User>) =>
  row.original.role.is_admin ? { className: classes.adminRow, 'data-admin': true } : {};

function RoleCell({ user }: { user: User }) {
  const others = user.roles
    .filter((role) => !(user.role.is_admin && role.id === ROLE_IDS.admin))
    .map((role) => role.name)
    .join(', ');
  return (
    <Group gap={6} wrap="nowrap">
      {user.role.is_admin && (
        <Badge color="brand" variant="filled" size="sm" radius="sm">
          Admin
        </Badge>
      )}
      {(others || !user.role.is_admin) && <Text fz="sm">{others || '—'}</Text>}
    </Group>
  );
}
