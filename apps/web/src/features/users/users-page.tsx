import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { MESSAGES, type User } from '@portal/contract';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { TablePager } from '../../shared/ui/data-table/table-pager';
import { PageHeader } from '../../shared/ui/page-header';
import { SearchInput } from '../../shared/ui/search-input';
import { useUsers } from './api/get-users';
import { DeleteUserModal } from './components/delete-user-modal';
import { RestoreUserModal } from './components/restore-user-modal';
import type { UserRowHandlers } from './components/user-row-actions';
import { UsersTable } from './components/users-table';
import { ChangeLogoModal } from './logo/change-logo-modal';
import { useListParams } from './use-list-params';

// The last dialog stays set while it closes, so its text does not vanish during the transition.
type Dialog = { kind: 'delete' | 'restore' | 'logo'; user: User; open: boolean } | null;

/**
 * Users and Blocked Users (SPEC §2): server-side search, sort and pages, all kept in the URL.
 * Create/Edit User are child routes shown as modals over this list (the Outlet).
 */
export function UsersPage() {
  const [params, change] = useListParams();
  const me = useCurrentUser();
  const { search } = useLocation();
  const users = useUsers(params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog((current) => current && { ...current, open: false });
  const dialogFor = (kind: NonNullable<Dialog>['kind']) => ({
    user: dialog?.kind === kind ? dialog.user : null,
    opened: dialog?.kind === kind && dialog.open,
    onClose: close,
  });

  const handlers = useMemo<UserRowHandlers>(
    () => ({
      onChangeLogo: (user) => setDialog({ kind: 'logo', user, open: true }),
      onDelete: (user) => setDialog({ kind: 'delete', user, open: true }),
      onRestore: (user) => setDialog({ kind: 'restore', user, open: true }),
    }),
    [],
  );

  // Past the last page (the last row of it was deleted, or an old link): show the last page instead.
  const lastPage = users.data?.meta.last_page;
  const pastTheEnd =
    !users.isPlaceholderData && lastPage !== undefined && lastPage >= 1 && params.page > lastPage;
  useEffect(() => {
    if (pastTheEnd && lastPage) change({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, change]);

  const title = params.blocked ? 'Blocked Users' : 'Users';
  const page = users.data?.meta;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'Users' }]}
        actions={
          <>
            <Button
              component={Link}
              to={routes.usersDundasReports}
              variant="default"
              leftSection={<IconChartBar size={16} aria-hidden />}
            >
              NSBI Dashboards
            </Button>
            <RefreshButton query={users} />
            {!params.blocked && (
              <Button
                component={Link}
                to={{ pathname: routes.usersCreate, search }}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Add New
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        <Group justify="space-between">
          <SearchInput
            label={params.blocked ? 'Search blocked users' : 'Search users'}
            placeholder="Search by name, email or company"
            value={params.search}
            onSearch={(value) => change({ search: value })}
          />
        </Group>
        {users.isError && (
          <RetryAlert
            message={MESSAGES.dataFetchFailed}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
          />
        )}
        {!(users.isError && !users.data) && (
          <UsersTable
            users={users.data?.data ?? []}
            params={params}
            currentUserId={me?.id ?? null}
            loading={users.isPending}
            refreshing={users.isFetching && !users.isPending}
            onSortChange={(sortColumn, sortDirection) => change({ sortColumn, sortDirection })}
            handlers={handlers}
          />
        )}
        {page && (
          <TablePager
            page={params.page}
            pageCount={page.last_page}
            pageSize={params.paginate}
            total={page.total}
            from={page.from}
            to={page.to}
            onPageChange={(next) => change({ page: next })}
            onPageSizeChange={(paginate) => change({ paginate })}
          />
        )}
      </Stack>
      <DeleteUserModal {...dialogFor('delete')} />
      <RestoreUserModal {...dialogFor('restore')} />
      <ChangeLogoModal {...dialogFor('logo')} />
      <Outlet />
    </>
  );
}
