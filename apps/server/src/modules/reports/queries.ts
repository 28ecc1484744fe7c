import { asc, eq, sql } from 'drizzle-orm';
import { reportFolderItems, reportFolders } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ReportFolderRow = typeof reportFolders.$inferSelect;

export async function listFolders(db: Executor): Promise<ReportFolderRow[]> {
  return db.select().from(reportFolders).orderBy(asc(reportFolders.name), asc(reportFolders.id));
}

export async function findFolder(db: Executor, id: string): Promise<ReportFolderRow | undefined> {
  const [row] = await db.select().from(reportFolders).where(eq(reportFolders.id, id));
  return row;
}

export async function insertFolder(db: Executor, values: { name: string; parentId: string | null }) {
  const [row] = await db.insert(reportFolders).values(values).returning();
  return row!;
}

export async function updateFolder(
  db: Executor,
  id: string,
  changes: { name?: string; parentId?: string | null },
  now: Date,
) {
  const [row] = await db
    .update(reportFolders)
    .set({ ...changes, updatedAt: now })
    .where(eq(reportFolders.id, id))
    .returning();
  return row;
}

/** Deletes a folder; its subfolders and item assignments go with it (foreign keys cascade). */
export async function deleteFolder(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(reportFolders)
    .where(eq(reportFolders.id, id))
    .returning({ id: reportFolders.id });
  return rows.length > 0;
}

/** The ids above `id` (its parent, the parent's parent, …): a move must not land inside itself. */
export async function ancestorIds(db: Executor, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from report_folders where id = ${id}
      union all
      select f.id, f.parent_id from report_folders f join up on f.id = up.parent_id
    )
    select id from up`);
  // pg and PGlite both answer { rows } (the typing of db.execute differs between them).
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
}

/** The BI item `biFileId` is shown in `folderId` afterwards; null: back in its BI folder. */
export async function assignItem(db: Executor, biFileId: string, folderId: string | null, now: Date) {
  if (folderId === null) {
    await db.delete(reportFolderItems).where(eq(reportFolderItems.biFileId, biFileId));
    return;
  }
  await db
    .insert(reportFolderItems)
    .values({ biFileId, folderId, updatedAt: now })
    .onConflictDoUpdate({ target: reportFolderItems.biFileId, set: { folderId, updatedAt: now } });
}
