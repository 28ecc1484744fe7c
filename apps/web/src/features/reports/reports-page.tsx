import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { BI_MESSAGES, MESSAGES, type ReportItem } from '@portal/contract';
import { isApiError } from '../../shared/api/api-error';
import { isMaintenanceOn, useSystemSettings } from '../../shared/api/get-system-settings';
import { routes } from '../../shared/routes';
import { PageHeader } from '../../shared/ui/page-header';
import { PageLoader } from '../../shared/ui/page-loader';
import { useProjectItems, useRefreshProjectItems } from './api/get-project-items';
import { DashboardCards } from './components/dashboard-cards';
import { FolderTiles } from './components/folder-tiles';
import { MaintenanceNotice } from './components/maintenance-notice';
import { ReportTree } from './components/report-tree';
import { buildReportTree, foldersOf } from './report-tree-data';

/** Folders below the item's folder: the item's BI path past the project (and past the folder, inside one). */
const pathBelow = (folderName: string | null) => (item: ReportItem) => {
  const path = item.friendlyLocationElements.slice(1);
  if (folderName === null) return path;
  return path[0] === folderName ? path.slice(1) : [];
};

/**
 * NS BI (SPEC §2 Reports): /nsbi shows the folder tiles, the dashboards outside folders and the
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
  const dashboards = mine.filter((i) => i.type === 'dashboard' && (folderId || !i.folderId));
  const tree = buildReportTree(mine, pathBelow(folderId ? (folder?.name ?? null) : null));

  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} actions={refreshButton} />
      {maintenance && <MaintenanceNotice />}
      {!maintenance && (settings.isPending || items.isLoading) && (
        <PageLoader minHeight={240} label="Loading your dashboards…" />
      )}
      {failed && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          maw={640}
        >
          <Stack gap="sm" align="flex-start">
            <Text>{MESSAGES.dashboardsFetchFailed}</Text>
            <Button
              variant="light"
              color="red"
              onClick={() => void items.refetch()}
              loading={items.isFetching}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
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
      {!maintenance && items.isSuccess && mine.length > 0 && (
        <>
          {!folderId && <FolderTiles folders={foldersOf(all)} />}
          {dashboards.length > 0 && (
            <Title order={2} fz="lg" mb="sm">
              Dashboards
            </Title>
          )}
          <DashboardCards dashboards={dashboards} />
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="lg">
              {folderId ? 'Reports in this folder' : 'All reports'}
            </Title>
          </Group>
          <ReportTree nodes={tree} label={folderId ? `${title} reports` : 'All reports'} />
        </>
      )}
    </>
  );
}
