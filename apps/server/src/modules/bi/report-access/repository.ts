import { asc, desc, eq, inArray, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { META_KEYS, type NsbiUsersQuery } from '@portal/contract';
import { defineRepository } from '../../../db/repository';
import { reportAccess, reportAccessLists, users } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import { likePattern } from '../../../lib/like';

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

const SORT: Record<NsbiUsersQuery['sortColumn'], AnyColumn> = {
  id: users.id,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
};

/** Active users with the NSBI flag, optionally whose search_text contains the search. */
function nsbiFilter(search: string | undefined) {
  const nsbi = sql`exists (select 1 from user_meta m where m.user_id = ${users.id}
    and m.key = ${META_KEYS.nsbiEnabled} and m.value = '1')`;
  const matching = search
    ? sql` and ${users.searchText} like lower(${likePattern(search)}) escape '\\'`
    : sql``;
  return sql`${isNull(users.blockedAt)} and ${nsbi}${matching}`;
}

/**
 * Users NSBI Dashboards' reads of the users table: one page of active NSBI users (the
 * `user_meta_nsbi_users_idx` partial index finds them), searched like the users list (search_text,
 * trigram index). The total is a separate count on purpose: with `count(*) over ()` the page could
 * no longer stop after its rows and read all 10,000 NSBI users (7.8 ms against 0.5 ms for the page
 * plus 1.7 ms for the count; bench/nsbi-users.ts).
 */
export const createNsbiUserRepository = defineRepository((db: Executor) => ({
  async page(query: NsbiUsersQuery) {
    const order = query.sortDirection === 'desc' ? desc : asc;
    return db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        createdAt: users.createdAt,
        projectId: users.dundasProjectId,
      })
      .from(users)
      .where(nsbiFilter(query.search))
      .orderBy(order(SORT[query.sortColumn]), order(users.id))
      .limit(query.paginate)
      .offset((query.page - 1) * query.paginate);
  },

  /** How many active NSBI users the search finds. */
  async count(search: string | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(nsbiFilter(search));
    return row?.n ?? 0;
  },
}));

export type NsbiUserRepository = ReturnType<typeof createNsbiUserRepository>;
export type NsbiUserRow = Awaited<ReturnType<NsbiUserRepository['page']>>[number];
