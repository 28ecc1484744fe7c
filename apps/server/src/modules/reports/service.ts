import { BI_MESSAGES, type ReportFolder } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  ancestorIds,
  assignItem,
  deleteFolder,
  findFolder,
  insertFolder,
  listFolders,
  updateFolder,
  type ReportFolderRow,
} from './queries';

const present = (row: ReportFolderRow): ReportFolder => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  created_at: row.createdAt.toISOString(),
});

/** Report folders (API.md): admins make, rename, move, delete and fill them; everyone reads them. */
export function createReportFolderService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const audit = (actorId: number, action: string, folderId: string, details: Record<string, unknown>) =>
    recordAudit(db, { actorId, action, targetType: 'report_folder', targetId: folderId, details });

  async function parentOrFail(parentId: string | null | undefined) {
    if (parentId && !(await findFolder(db, parentId)))
      throw AppError.validation({ parent_id: [BI_MESSAGES.folderNotFound] });
  }

  return {
    list: async () => (await listFolders(db)).map(present),

    async create(input: { name: string; parent_id?: string | null }, actorId: number) {
      await parentOrFail(input.parent_id);
      const row = await insertFolder(db, { name: input.name, parentId: input.parent_id ?? null });
      await audit(actorId, 'report_folders.created', row.id, { name: row.name, parentId: row.parentId });
      return present(row);
    },

    async update(id: string, input: { name?: string; parent_id?: string | null }, actorId: number) {
      if (!(await findFolder(db, id))) throw AppError.notFound(BI_MESSAGES.folderNotFound);
      if (input.parent_id) {
        await parentOrFail(input.parent_id);
        if ((await ancestorIds(db, input.parent_id)).includes(id))
          throw AppError.validation({ parent_id: [BI_MESSAGES.folderCycle] });
      }
      const row = await updateFolder(db, id, { name: input.name, parentId: input.parent_id }, now());
      if (!row) throw AppError.notFound(BI_MESSAGES.folderNotFound);
      await audit(actorId, 'report_folders.updated', id, { name: input.name, parentId: input.parent_id });
      return present(row);
    },

    async remove(id: string, actorId: number) {
      if (!(await deleteFolder(db, id))) throw AppError.notFound(BI_MESSAGES.folderNotFound);
      await audit(actorId, 'report_folders.deleted', id, {});
    },

    /** PUT bi/reports/{id}/set-folder: the BI item shows in this folder (null: its own BI folder). */
    async setFolder(biFileId: string, folderId: string | null, actorId: number) {
      if (folderId && !(await findFolder(db, folderId)))
        throw AppError.validation({ folder_id: [BI_MESSAGES.folderNotFound] });
      await assignItem(db, biFileId, folderId, now());
      await recordAudit(db, {
        actorId,
        action: 'report_folders.item_assigned',
        targetType: 'bi_item',
        targetId: biFileId,
        details: { folderId },
      });
      return { bi_file_id: biFileId, folder_id: folderId };
    },
  };
}
