import type { ReportFolder } from '@portal/contract';
import type { ReportFolderRow } from './repository';

export const presentReportFolder = (row: ReportFolderRow): ReportFolder => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  created_at: row.createdAt.toISOString(),
});

/** The answer of set-folder: which folder the BI item shows in now. */
export const presentFolderAssignment = (assignment: { biFileId: string; folderId: string | null }) => ({
  bi_file_id: assignment.biFileId,
  folder_id: assignment.folderId,
});
