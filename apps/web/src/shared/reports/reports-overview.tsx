import { Title } from '@mantine/core';
import type { ReportItem } from '@portal/contract';
import { DashboardCards } from './dashboard-cards';
import { FolderTiles } from './folder-tiles';
import { ReportTree } from './report-tree';
import { buildReportTree, foldersOf } from './report-tree-data';

/**
 * Folders below the item's folder: the item's BI path past the project and the user's own folder
 * (their email, docs/product.md §3), and past the folder, inside one.
 */
const pathBelow = (folderName: string | null) => (item: ReportItem) => {
  const path = item.friendlyLocationElements.slice(2);
  if (folderName === null) return path;
  return path[0] === folderName ? path.slice(1) : [];
};

type ReportsOverviewProps = {
  /** Everything the user sees. */
  items: ReportItem[];
  /** One folder's view (/nsbi/folder/{id}); absent: the top (/nsbi). */
  folder?: { id: string; name: string };
  /** Draw it as the user sees it, without links (the admin's effective-access preview). */
  preview?: boolean;
};

/**
 * What the Reports screen shows (docs/product.md §2): at the top the folder tiles, the dashboards outside
 * folders and the whole report tree; in a folder its dashboards and tree. The admin's access
 * preview draws the very same thing.
 */
export function ReportsOverview({ items, folder, preview = false }: ReportsOverviewProps) {
  const mine = folder ? items.filter((i) => i.folderId === folder.id) : items;
  const dashboards = mine.filter((i) => i.type === 'dashboard' && (folder || !i.folderId));
  const tree = buildReportTree(mine, pathBelow(folder?.name ?? null));
  const treeLabel = folder ? `${folder.name} reports` : 'All reports';
  return (
    <>
      {!folder && <FolderTiles folders={foldersOf(items)} preview={preview} />}
      {dashboards.length > 0 && (
        <Title order={preview ? 3 : 2} fz="lg" mb="sm">
          Dashboards
        </Title>
      )}
      <DashboardCards dashboards={dashboards} preview={preview} />
      <Title order={preview ? 3 : 2} fz="lg" mb="xs">
        {folder ? 'Reports in this folder' : 'All reports'}
      </Title>
      <ReportTree nodes={tree} label={treeLabel} preview={preview} />
    </>
  );
}
