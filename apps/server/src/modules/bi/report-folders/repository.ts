import { asc, eq, sql } from 'drizzle-orm';
import { reportFolderItems, reportFolders } from '../../../db/schema';
import { defineRepository } from '../../../db/repository';
import type { Executor } from '../../../db/types';

export type ReportFolderRow = typeof reportFolders.$inferSelect;
/** A BI item shown in a portal folder instead of its own BI folder. */
export type FolderAssignment = { biFileId: string; folderId: string; folderName: string };

/** report_folders and report_folder_items: portal-side groupings of BI items, by BI file id. */
export const createReportFolderRepository = defineRepository((db: Executor) => ({
  async list(): Promise<ReportFolderRow[]> {
    return db.select().from(reportFolders).orderBy(asc(reportFolders.name), asc(reportFolders.id));
  },

  async find(id: string): Promise<ReportFolderRow | undefined> {
    const [row] = await db.select().from(reportFolders).where(eq(reportFolders.id, id));
    return row;
  },

  async insert(values: { name: string; parentId: string | null }) {
    const [row] = await db.insert(reportFolders).values(values).returning();
    return row!;
  },

  async update(id: string, changes: { name?: string; parentId?: string | null }, now: Date) {
    const [row] = await db
      .update(reportFolders)
      .set({ ...changes, updatedAt: now })
      .where(eq(reportFolders.id, id))
      .returning();
    return row;
  },

  /** Deletes a folder; its subfolders and item assignments go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const rows = await db
      .delete(reportFolders)
      .where(eq(reportFolders.id, id))
      .returning({ id: reportFolders.id });
    return rows.length > 0;
  },

  /** The ids above `id` (its parent, the parent's parent, …): a move must not land inside itself. */
  async ancestorIds(id: string): Promise<string[]> {
    const result = await db.execute(sql`
      with recursive up(id, parent_id) as (
        select id, parent_id from report_folders where id = ${id}
        union all
        select f.id, f.parent_id from report_folders f join up on f.id = up.parent_id
      )
      select id from up`);
    // pg and PGlite both answer { rows } (the typing of db.execute differs between them).
    return (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  },

  /** The BI item `biFileId` is shown in `folderId` afterwards; null: back in its BI folder. */
  async assignItem(biFileId: string, folderId: string | null, now: Date) {
    if (folderId === null) {
      await db.delete(reportFolderItems).where(eq(reportFolderItems.biFileId, biFileId));
      return;
    }
    await db
      .insert(reportFolderItems)
      .values({ biFileId, folderId, updatedAt: now })
      .onConflictDoUpdate({ target: reportFolderItems.biFileId, set: { folderId, updatedAt: now } });
  },

  /** Every portal folder assignment, with the folder's name: a handful of rows, read per answer. */
  async listAssignments(): Promise<FolderAssignment[]> {
    return db
      .select({
        biFileId: reportFolderItems.biFileId,
        folderId: reportFolders.id,
        folderName: reportFolders.name,
      })
      .from(reportFolderItems)
      .innerJoin(reportFolders, eq(reportFolders.id, reportFolderItems.folderId))
      .orderBy(reportFolderItems.biFileId);
  },
}));

export type ReportFolderRepository = ReturnType<typeof createReportFolderRepository>;
