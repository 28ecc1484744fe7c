import { eq } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { biAccounts } from '../../db/schema';
import type { Executor } from '../../db/types';

export type BiAccountRow = typeof biAccounts.$inferSelect;

/** bi_accounts: the BI account of each portal user that has one, and the project last synced to it. */
export const createBiAccountRepository = defineRepository((db: Executor) => ({
  async find(userId: number): Promise<BiAccountRow | undefined> {
    const [row] = await db.select().from(biAccounts).where(eq(biAccounts.userId, userId));
    return row;
  },

  async findByName(accountName: string): Promise<BiAccountRow | undefined> {
    const [row] = await db.select().from(biAccounts).where(eq(biAccounts.accountName, accountName));
    return row;
  },

  /** Records a user's BI account; a second one for the same user or name is refused by the keys. */
  async insert(row: typeof biAccounts.$inferInsert) {
    await db.insert(biAccounts).values(row);
  },

  async setSyncedProject(userId: number, projectId: string | null) {
    await db.update(biAccounts).set({ syncedProjectId: projectId }).where(eq(biAccounts.userId, userId));
  },

  async delete(userId: number) {
    await db.delete(biAccounts).where(eq(biAccounts.userId, userId));
  },
}));

export type BiAccountRepository = ReturnType<typeof createBiAccountRepository>;
