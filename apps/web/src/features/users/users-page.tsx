import { Suspense, lazy, useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { USER_SORT_COLUMNS, type User } from '@portal/contract';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import { PagedTableSection } from '../../shared/ui/data-table/paged-table-section';
import { useListParams } from '../../shared/ui/data-table/use-list-params';
import { PageHeader } from '../../shared/ui/page-header';
import { useNarrowScreen } from '../../shared/ui/use-narrow-screen';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { ExportCsvButton } from '../../shared/ui/export-csv-button';
import { usersExportPath } from './api/export-users';
import { isBlockedList, useUsers } from './api/get-users';
import { rememberedBulkJob } from './components/remembered-bulk-job';
import { useSelection } from './components/use-selection';
import type { UserRowHandlers } from './components/user-row-actions';
import { adminRowProps, useUsersColumns } from './components/users-columns';
import classes from './components/users-columns.module.css';
import type { UsersListState } from './modals/user-modal-frame';

// Drawn only when wanted (rows selected, a row's action pressed): the list's chunk holds what the
// list draws, and the dialogs (Modal, focus trap, upload) come with the first press (decision 0039).
const BulkActionsBar = lazy(() =>
  import('./components/bulk-actions-bar').then((m) => ({ default: m.BulkActionsBar })),
);
const DeleteUserModal = lazy(() =>
  import('./components/delete-user-modal').then((m) => ({ default: m.DeleteUserModal })),
);
const RestoreUserModal = lazy(() =>
  import('./components/restore-user-modal').then((m) => ({ default: m.RestoreUserModal })),
);
const ChangeLogoModal = lazy(() =>
  import('./logo/change-logo-modal').then((m) => ({ default: m.ChangeLogoModal })),
);

// The last dialog stays set while it closes, so its text does not vanish during the transition.
type Dialog = { kind: 'delete' | 'restore' | 'logo'; user: User; open: boolean } | null;

/**
 * Users and Blocked Users (docs/product.md §2): server-side search, sort and pages, all kept in the URL.
 * Create/Edit User are child routes shown as modals over this list (the Outlet).
 */
export function UsersPage() {
  const [params, change] = useListParams(USER_SORT_COLUMNS);
  const blocked = isBlockedList(useSearchParams()[0]);
  const me = useCurrentUser();
  const { search, state } = useLocation();
  const createdUserId = (state as UsersListState | null)?.createdUserId;
  const users = useUsers({ ...params, blocked });
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
  const narrow = useNarrowScreen();
  const rowColumns = useUsersColumns({ currentUserId: me?.id ?? null, blocked, handlers, narrow });
  const selecting = useSelection(
    users.data?.data ?? [],
    me?.id ?? null,
    `${blocked}|${params.search.trim()}`,
  );
  // Loaded with the first selection, then kept: a bulk job runs on after its selection is gone
  // (the search or the list changed), and the bar polls it and says how it ended.
  // A job remembered from before a reload of the tab is followed at once.
  const [barWanted, setBarWanted] = useState(() => rememberedBulkJob.get() !== null);
  if (!barWanted && (selecting.selection.allMatching || selecting.selection.ids.size > 0)) setBarWanted(true);
  const columns = useMemo(
    () => [selecting.selectColumn, ...rowColumns],
    [selecting.selectColumn, rowColumns],
  );

  return (
    <>
      <PageHeader
        title={blocked ? 'Blocked Users' : 'Users'}
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
            <ExportCsvButton
              path={usersExportPath({ ...params, blocked })}
              name={blocked ? 'blocked-users' : 'users'}
            />
            <RefreshButton query={users} />
            {!blocked && (
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
      {barWanted && (
        <Suspense fallback={null}>
          <BulkActionsBar
            selection={selecting.selection}
            total={users.data?.meta.total ?? 0}
            pageSelected={selecting.pageSelected}
            blocked={blocked}
            search={params.search}
            onSelectAllMatching={selecting.selectAllMatching}
            onDone={selecting.clear}
          />
        </Suspense>
      )}
      <PagedTableSection
        query={users}
        params={params}
        onChange={change}
        sortColumns={USER_SORT_COLUMNS}
        columns={columns}
        getRowId={(user) => String(user.id)}
        label={blocked ? 'Blocked users' : 'Users'}
        searchLabel={blocked ? 'Search blocked users' : 'Search users'}
        rowProps={(row) =>
          row.original.id === createdUserId
            ? { ...adminRowProps(row), className: classes.createdRow, 'data-created': true }
            : adminRowProps(row)
        }
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'delete' && <DeleteUserModal {...dialogFor('delete')} />}
        {dialog?.kind === 'restore' && <RestoreUserModal {...dialogFor('restore')} />}
        {dialog?.kind === 'logo' && <ChangeLogoModal {...dialogFor('logo')} />}
      </Suspense>
      <Outlet />
    </>
  );
}
