import type { ReportFolder, ReportFolderAssignment, ReportItem } from '@portal/contract';
import type { WalkedItem } from '../../../integrations/bi/walk';
import { isManaged } from '../project-trees';
import type { FolderAssignment, ReportFolderRow } from './repository';

export const presentReportFolder = (row: ReportFolderRow): ReportFolder => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  created_at: row.createdAt.toISOString(),
});

/** The answer of set-folder: which folder the BI item shows in now. */
export const presentFolderAssignment = (assignment: {
  biFileId: string;
  folderId: string | null;
}): ReportFolderAssignment => ({
  bi_file_id: assignment.biFileId,
  folder_id: assignment.folderId,
});

/**
 * ReportItems (docs/api.md "ReportItem") of a project's items. An item's folder is the portal report
 * folder it is assigned to, else the first BI folder below the project's roots, else none. Its
 * friendlyLocationElements are the folder names from the project down, with the user's email as
 * the folder below the project (docs/product.md §3). Presents the items it is given: which a user
 * sees is report access's policy, decided before.
 */
export function presentReportItems(
  projectName: string,
  items: readonly WalkedItem[],
  assignments: FolderAssignment[],
  ownerEmail: string,
): ReportItem[] {
  const assigned = new Map(assignments.map((a) => [a.biFileId, a]));
  return items.map((item) => {
    const portalFolder = assigned.get(item.id);
    return {
      id: item.id,
      name: item.name,
      type: item.objectType.toLowerCase(),
      createdAt: item.createdTime ?? null,
      initialViewOptions: item.initialViewOptions ?? null,
      folderId: portalFolder?.folderId ?? item.topFolder?.id ?? null,
      folderName: portalFolder?.folderName ?? item.topFolder?.name ?? null,
      friendlyLocationElements: [projectName, ownerEmail, ...item.folderPath],
      managedBy: isManaged(item.tags) ? 'TS' : null,
    };
  });
}
