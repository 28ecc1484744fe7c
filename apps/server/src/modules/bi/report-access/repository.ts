import { eq, inArray } from 'drizzle-orm';
import { defineRepository } from '../../../db/repository';
import { reportAccess, reportAccessLists } from '../../../db/schema';
import type { Executor } from '../../../db/types';

/** report_access and report_access_lists: which items of their project each user may see. */
export const createGrantRepository = defineRepository((db: Executor) => ({
  /** A user's grants: null when no admin has chosen yet (every item of the project), else the ids. */
  async find(userId: number): Promise<Set<string> | null> {
    const rows = await db
      .select({ listed: reportAccessLists.userId, biReportId: reportAccess.biReportId })
      .from(reportAccessLists)
      .leftJoin(reportAccess, eq(reportAccess.userId, reportAccessLists.userId))
      .where(eq(reportAccessLists.userId, userId));
    if (rows.length === 0) return null;
    return new Set(rows.flatMap((r) => (r.biReportId === null ? [] : [r.biReportId])));
  },

  /** The user's grants are exactly `ids` afterwards (and their list counts as chosen). */
  async replace(userId: number, ids: string[], now: Date) {
    await db
      .insert(reportAccessLists)
      .values({ userId, updatedAt: now })
      .onConflictDoUpdate({ target: reportAccessLists.userId, set: { updatedAt: now } });
    await db.delete(reportAccess).where(eq(reportAccess.userId, userId));
    if (ids.length) {
      // In slices: one statement's parameters are limited (65,535 on PostgreSQL).
      for (let i = 0; i < ids.length; i += 5000) {
        await db
          .insert(reportAccess)
          .values(ids.slice(i, i + 5000).map((biReportId) => ({ userId, biReportId })));
      }
    }
  },

  /** find() for several users in one query. */
  async findOf(userIds: number[]): Promise<Map<number, Set<string> | null>> {
    const result = new Map<number, Set<string> | null>(userIds.map((id) => [id, null]));
    if (userIds.length === 0) return result;
    const rows = await db
      .select({ userId: reportAccessLists.userId, biReportId: reportAccess.biReportId })
      .from(reportAccessLists)
      .leftJoin(reportAccess, eq(reportAccess.userId, reportAccessLists.userId))
      .where(inArray(reportAccessLists.userId, userIds));
    for (const row of rows) {
      let grants = result.get(row.userId);
      if (!grants) result.set(row.userId, (grants = new Set()));
      if (row.biReportId !== null) grants.add(row.biReportId);
    }
    return result;
  },
}));

export type GrantRepository = ReturnType<typeof createGrantRepository>;
