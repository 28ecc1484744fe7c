import { asc, desc, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { META_KEYS, type NsbiUsersQuery } from '@portal/contract';
import { defineRepository } from '../../db/repository';
import { biAccounts, users } from '../../db/schema';
import type { Executor } from '../../db/types';
import { likePattern } from '../../lib/like';

export type BiAccountRow = typeof biAccounts.$inferSelect;

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
