import { eq, inArray } from 'drizzle-orm';
import { biAccounts, reportFolderItems, reportFolders, systemSettings, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export type BiAccountRow = typeof biAccounts.$inferSelect;

export async function findBiAccount(db: Executor, userId: number): Promise<BiAccountRow | undefined> {
  const [row] = await db.select().from(biAccounts).where(eq(biAccounts.userId, userId));
  return row;
}

export async function findBiAccountByName(
  db: Executor,
  accountName: string,
): Promise<BiAccountRow | undefined> {
  const [row] = await db.select().from(biAccounts).where(eq(biAccounts.accountName, accountName));
  return row;
}

/** Records a user's BI account; a second one for the same user or name is refused by the keys. */
export async function insertBiAccount(db: Executor, row: typeof biAccounts.$inferInsert) {
  await db.insert(biAccounts).values(row);
}

export async function setSyncedProject(db: Executor, userId: number, projectId: string | null) {
  await db.update(biAccounts).set({ syncedProjectId: projectId }).where(eq(biAccounts.userId, userId));
}

export async function deleteBiAccountRow(db: Executor, userId: number) {
  await db.delete(biAccounts).where(eq(biAccounts.userId, userId));
}

export async function setUserProject(db: Executor, userId: number, projectId: string | null, now: Date) {
  await db.update(users).set({ dundasProjectId: projectId, updatedAt: now }).where(eq(users.id, userId));
}

/** Every portal folder assignment, with the folder's name: a handful of rows, read per answer. */
export async function listFolderAssignments(db: Executor) {
  return db
    .select({
      biFileId: reportFolderItems.biFileId,
      folderId: reportFolders.id,
      folderName: reportFolders.name,
    })
    .from(reportFolderItems)
    .innerJoin(reportFolders, eq(reportFolders.id, reportFolderItems.folderId))
    .orderBy(reportFolderItems.biFileId);
}

/** Whether maintenance mode is on (system setting `maintenance_mode`). */
export async function maintenanceModeOn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, 'maintenance_mode'));
  return row?.value === '1';
}

/** The ids among `userIds` that are users. */
export async function existingUserIds(db: Executor, userIds: number[]): Promise<Set<number>> {
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  return new Set(rows.map((r) => r.id));
}

export async function setUsersProject(db: Executor, userIds: number[], projectId: string | null, now: Date) {
  await db
    .update(users)
    .set({ dundasProjectId: projectId, updatedAt: now })
    .where(inArray(users.id, userIds));
}
