import { Button } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NSBI_USER_SORT_COLUMNS } from '@portal/contract';
import { routes } from '../../shared/routes';
import { PagedTableSection } from '../../shared/ui/data-table/paged-table-section';
import { useListParams } from '../../shared/ui/data-table/use-list-params';
import { PageHeader } from '../../shared/ui/page-header';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { ExportCsvButton } from '../../shared/ui/export-csv-button';
import { nsbiUsersExportPath } from './api/export-nsbi-users';
import { useNsbiUsers } from './api/get-nsbi-users';
import { NSBI_USERS_COLUMNS } from './components/nsbi-users-columns';

/**
 * Users NSBI Dashboards (/admin/users/dundas-reports, docs/product.md §2): the NSBI users with the dashboards
 * and reports each sees; server-side search, sort and pages, state in the URL, like the users list.
 */
export function NsbiDashboardsPage() {
  const [params, change] = useListParams(NSBI_USER_SORT_COLUMNS);
  const users = useNsbiUsers(params);
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
            <ExportCsvButton path={nsbiUsersExportPath(params)} name="nsbi-dashboards" />
            <RefreshButton query={users} />
          </>
        }
      />
      <PagedTableSection
        query={users}
        params={params}
        onChange={change}
        sortColumns={NSBI_USER_SORT_COLUMNS}
        columns={NSBI_USERS_COLUMNS}
        getRowId={(user) => String(user.id)}
        label="NSBI users and their dashboards"
        searchLabel="Search NSBI users"
      />
    </>
  );
}
