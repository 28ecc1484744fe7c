import { useMemo } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { format } from 'date-fns';
import {
  DATE_DISPLAY_FORMAT,
  META_KEYS,
  ROLE_IDS,
  USER_SORT_COLUMNS,
  metaValue,
  type User,
} from '@portal/contract';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import type { UserSortColumn, UsersListParams } from '../list-params';
import { UserRowActions, type UserRowHandlers } from './user-row-actions';
import classes from './users-table.module.css';

type UsersTableProps = {
  users: User[];
  params: UsersListParams;
  currentUserId: number | null;
  loading: boolean;
  refreshing: boolean;
  onSortChange: (sortColumn: UserSortColumn, sortDirection: 'asc' | 'desc') => void;
  handlers: UserRowHandlers;
};

const column = createColumnHelper<User>();

const formatDate = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, DATE_DISPLAY_FORMAT);
};

const isSortColumn = (id: string): id is UserSortColumn =>
  (USER_SORT_COLUMNS as readonly string[]).includes(id);

/**
 * The users table (SPEC §2 Users): sorting and paging happen on the server (manual), the URL holds
 * the state. Admin rows are highlighted and carry an 'Admin' badge so it is not colour alone.
 */
export function UsersTable(props: UsersTableProps) {
  const { users, params, currentUserId, handlers } = props;

  const columns = useMemo(
    () => [
      column.accessor('id', {
        header: 'ID',
        cell: (c) => (
          <Text fz="sm" c="dimmed">
            {c.getValue()}
          </Text>
        ),
      }),
      column.accessor('name', {
        header: 'Name',
        cell: (c) => (
          <Text fz="sm" fw={600}>
            {c.getValue()}
          </Text>
        ),
      }),
      column.accessor('email', { header: 'Email' }),
      column.accessor((user) => metaValue(user, META_KEYS.companyName) ?? '', {
        id: 'company_name',
        header: 'Company name',
        // The API sorts by id, name, email and createdAt only.
        enableSorting: false,
      }),
      column.display({
        id: 'role',
        header: 'Role',
        cell: ({ row }) => <RoleCell user={row.original} />,
      }),
      column.accessor('createdAt', { header: 'Created', cell: (c) => formatDate(c.getValue()) }),
      column.display({
        id: 'actions',
        header: () => <span className={classes.actionsHeader}>Actions</span>,
        cell: ({ row }) => (
          <UserRowActions
            user={row.original}
            isSelf={row.original.id === currentUserId}
            blocked={params.blocked}
            handlers={handlers}
          />
        ),
      }),
    ],
    [currentUserId, params.blocked, handlers],
  );

  const sorting: SortingState = [{ id: params.sortColumn, desc: params.sortDirection === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    if (first && isSortColumn(first.id)) props.onSortChange(first.id, first.desc ? 'desc' : 'asc');
  };

  // TanStack Table hands out fresh functions each render; nothing here relies on memoising them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: users,
    columns,
    getRowId: (user) => String(user.id),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    state: { sorting },
    onSortingChange,
  });

  return (
    <DataTable
      table={table}
      label={params.blocked ? 'Blocked users' : 'Users'}
      loading={props.loading}
      refreshing={props.refreshing}
      rowProps={(row) =>
        row.original.role.is_admin ? { className: classes.adminRow, 'data-admin': true } : {}
      }
    />
  );
}

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
