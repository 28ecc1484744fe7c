import type { BiAccount, ReportItem } from '@portal/contract';
import type { ProjectTree } from './project-items';
import type { BiAccountRow } from './queries';

export type FolderAssignment = { biFileId: string; folderId: string; folderName: string };

/** Tattle Systems manages the item for its users (a BI tag): read-only in the portal. */
export const isManaged = (tags: string[] | null | undefined) => tags?.includes('ManagedBy:TS') ?? false;

/**
 * The ReportItems of a project tree (API.md "ReportItem"). An item's folder is the portal report
 * folder it is assigned to, else the first BI folder below the project's roots, else none.
 */
export function presentReportItems(tree: ProjectTree, assignments: FolderAssignment[]): ReportItem[] {
  const assigned = new Map(assignments.map((a) => [a.biFileId, a]));
  return tree.items.map((item) => {
    const portalFolder = assigned.get(item.id);
    return {
      id: item.id,
      name: item.name,
      type: item.objectType.toLowerCase(),
      createdAt: item.createdTime ?? null,
      initialViewOptions: item.initialViewOptions ?? null,
      folderId: portalFolder?.folderId ?? item.topFolder?.id ?? null,
      folderName: portalFolder?.folderName ?? item.topFolder?.name ?? null,
      friendlyLocationElements: [tree.project.name, ...item.folderPath],
      managedBy: isManaged(item.tags) ? 'TS' : null,
    };
  });
}

export const presentBiAccount = (row: BiAccountRow, projectId: string | null): BiAccount => ({
  user_id: row.userId,
  account_id: row.accountId,
  account_name: row.accountName,
  project_id: projectId,
});
