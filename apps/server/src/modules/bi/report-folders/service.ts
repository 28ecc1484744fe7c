import { BI_MESSAGES } from '@portal/contract';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../../directory';
import type { ReportFolderRepository, ReportFolderRow } from './repository';

/** Report folders (docs/api.md): admins make, rename, move, delete and fill them; everyone reads them. */
export function createReportFolderService(deps: {
  db: Db;
  folders: ReportFolderRepository;
  now: () => Date;
}) {
  const { db, folders, now } = deps;
  const audit = (actor: Actor, action: string, folderId: string, details: Record<string, unknown>) =>
    recordAudit(db, {
      actorId: actor.userId,
      action,
      targetType: 'report_folder',
      targetId: folderId,
      details,
    });

  async function parentOrFail(parentId: string | null | undefined) {
    if (parentId && !(await folders.find(parentId)))
      throw AppError.validation({ parent_id: [BI_MESSAGES.folderNotFound] });
  }

  return {
    list: (): Promise<ReportFolderRow[]> => folders.list(),

    /** Every assignment of a BI item to a portal folder (report items show their portal folder). */
    assignments: () => folders.listAssignments(),

    async create(input: { name: string; parent_id?: string | null }, actor: Actor) {
      await parentOrFail(input.parent_id);
      const row = await folders.insert({ name: input.name, parentId: input.parent_id ?? null });
      await audit(actor, 'report_folders.created', row.id, { name: row.name, parentId: row.parentId });
      return row;
    },

    async update(id: string, input: { name?: string; parent_id?: string | null }, actor: Actor) {
      if (!(await folders.find(id))) throw AppError.notFound(BI_MESSAGES.folderNotFound);
      if (input.parent_id) {
        await parentOrFail(input.parent_id);
        if ((await folders.ancestorIds(input.parent_id)).includes(id))
          throw AppError.validation({ parent_id: [BI_MESSAGES.folderCycle] });
      }
      const row = await folders.update(id, { name: input.name, parentId: input.parent_id }, now());
      if (!row) throw AppError.notFound(BI_MESSAGES.folderNotFound);
      await audit(actor, 'report_folders.updated', id, { name: input.name, parentId: input.parent_id });
      return row;
    },

    async remove(id: string, actor: Actor) {
      if (!(await folders.delete(id))) throw AppError.notFound(BI_MESSAGES.folderNotFound);
      await audit(actor, 'report_folders.deleted', id, {});
    },

    /** PUT bi/reports/{id}/set-folder: the BI item shows in this folder (null: its own BI folder). */
    async setFolder(biFileId: string, folderId: string | null, actor: Actor) {
      if (folderId && !(await folders.find(folderId)))
        throw AppError.validation({ folder_id: [BI_MESSAGES.folderNotFound] });
      await folders.assignItem(biFileId, folderId, now());
      await recordAudit(db, {
        actorId: actor.userId,
        action: 'report_folders.item_assigned',
        targetType: 'bi_item',
        targetId: biFileId,
        details: { folderId },
      });
      return { biFileId, folderId };
    },
  };
}

export type ReportFolderService = ReturnType<typeof createReportFolderService>;
