import { Alert, Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { BI_MESSAGES, MESSAGES } from '@portal/contract';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { isApiError } from '../../shared/api/api-error';
import { isMaintenanceOn, useSystemSettings } from '../../shared/api/get-system-settings';
import { routes } from '../../shared/routes';
import { PageHeader } from '../../shared/ui/page-header';
import { PageLoader } from '../../shared/ui/page-loader';
import { useProjectItems, useRefreshProjectItems } from './api/get-project-items';
import { MaintenanceNotice } from './components/maintenance-notice';
import { foldersOf } from '../../shared/reports/report-tree-data';
import { ReportsOverview } from '../../shared/reports/reports-overview';

/**
 * NS BI (docs/product.md §2 Reports): /nsbi shows the folder tiles, the dashboards outside folders and the
 * whole report tree; /nsbi/folder/{folderId} one folder's dashboards and tree. Refresh asks the BI
 * server again. Maintenance mode shows the maintenance page.
 */
export function ReportsPage() {
  const { folderId } = useParams();
  const settings = useSystemSettings();
  // Asked once the settings are known, and not in maintenance: the answer would be the 503 anyway.
  const items = useProjectItems({ enabled: !settings.isPending && !isMaintenanceOn(settings.data) });
  const refresh = useRefreshProjectItems();
  const all = items.data ?? [];
  const folder = folderId ? foldersOf(all).find((f) => f.id === folderId) : undefined;
  const title = folder?.name ?? 'NS BI';
  const crumbs = [
    { label: 'Dashboard', to: routes.dashboard },
    folderId ? { label: 'NS BI', to: routes.reports } : { label: 'NS BI' },
    ...(folderId ? [{ label: folder?.name ?? 'Folder' }] : []),
  ];

  const maintenance =
    isMaintenanceOn(settings.data) || (isApiError(items.error) && items.error.status === 503);
  const failed = items.isError && !maintenance;
  const refreshButton = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={() => refresh.mutate()}
      loading={refresh.isPending}
      disabled={maintenance || items.isPending}
    >
      Refresh
    </Button>
  );

  const mine = folderId ? all.filter((i) => i.folderId === folderId) : all;

  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} actions={refreshButton} />
      {maintenance && <MaintenanceNotice />}
      {!maintenance && (settings.isPending || items.isLoading) && (
        <PageLoader minHeight={240} label="Loading your dashboards…" screen />
      )}
      {failed && (
        <RetryAlert
          message={MESSAGES.dashboardsFetchFailed}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      )}
      {refresh.isError && !failed && (
        <Alert color="red" variant="light" role="alert" mb="md" maw={640}>
          {MESSAGES.dashboardsFetchFailed}
        </Alert>
      )}
      {!maintenance && items.isSuccess && mine.length === 0 && (
        <Text c="dimmed" maw={640}>
          {folderId ? BI_MESSAGES.folderNotFound : BI_MESSAGES.noItems}
        </Text>
      )}
      {!maintenance && items.isSuccess && mine.length > 0 && <ReportsOverview items={all} folder={folder} />}
    </>
  );
}
