import { Button, Group, Stack } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '@portal/contract';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { routes } from '../../shared/routes';
import { TablePager } from '../../shared/ui/data-table/table-pager';
import { PageHeader } from '../../shared/ui/page-header';
import { SearchInput } from '../../shared/ui/search-input';
import { useNsbiUsers } from './api/get-nsbi-users';
import { NsbiUsersTable } from './components/nsbi-users-table';
import { useListParams } from './use-list-params';

/**
 * Users NSBI Dashboards (/admin/users/dundas-reports, SPEC §2): the NSBI users with the dashboards
 * and reports each sees; server-side search, sort and pages, state in the URL, like the users list.
 */
export function NsbiDashboardsPage() {
  const [params, change] = useListParams();
  const users = useNsbiUsers(params);
  const page = users.data?.meta;
  return (
    <>
      <PageHeader
        title="NSBI Dashboards"
        breadcrumbs={[
          { label: 'Dashboard', to: routes.dashboard },
          { label: 'Users', to: routes.users },
          { label: 'NSBI Dashboards' },
        ]}
        actions={
          <>
            <Button
              component={Link}
              to={routes.usersConnectReports}
              variant="default"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
            >
              Connect reports
            </Button>
            <RefreshButton query={users} />
          </>
        }
      />
      <Stack gap="md">
        <Group justify="space-between">
          <SearchInput
            label="Search NSBI users"
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
          <NsbiUsersTable
            users={users.data?.data ?? []}
            params={params}
            loading={users.isPending}
            refreshing={users.isFetching && !users.isPending}
            onSortChange={(sortColumn, sortDirection) => change({ sortColumn, sortDirection })}
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
    </>
  );
}
