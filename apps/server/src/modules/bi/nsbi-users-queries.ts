import { asc, desc, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { META_KEYS, type NsbiUsersQuery } from '@portal/contract';
import { users } from '../../db/schema';
import type { Executor } from '../../db/types';
import { likePattern } from '../users/list-queries';

const SORT: Record<NsbiUsersQuery['sortColumn'], AnyColumn> = {
  id: users.id,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
};

/**
 * One page of active NSBI users (the `user_meta_nsbi_users_idx` partial index finds them). The search
 * is the users list's (search_text, trigram index). The total is a separate count on purpose: with
 * `count(*) over ()` the page could no longer stop after its rows and read all 10,000 NSBI users
 * (7.8 ms against 0.5 ms for the page plus 1.7 ms for the count; bench/nsbi-users.ts).
 */
export async function nsbiUsersPage(db: Executor, query: NsbiUsersQuery) {
  const where = nsbiFilter(query.search);
  const order = query.sortDirection === 'desc' ? desc : asc;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      projectId: users.dundasProjectId,
    })
    .from(users)
    .where(where)
    .orderBy(order(SORT[query.sortColumn]), order(users.id))
    .limit(query.paginate)
    .offset((query.page - 1) * query.paginate);
  return rows;
}

/** Active users with the NSBI flag, optionally whose search_text contains the search. */
function nsbiFilter(search: string | undefined) {
  const nsbi = sql`exists (select 1 from user_meta m where m.user_id = ${users.id}
    and m.key = ${META_KEYS.nsbiEnabled} and m.value = '1')`;
  const matching = search
    ? sql` and ${users.searchText} like lower(${likePattern(search)}) escape '\\'`
    : sql``;
  return sql`${isNull(users.blockedAt)} and ${nsbi}${matching}`;
}

/** How many active NSBI users the search finds. */
export async function countNsbiUsers(db: Executor, search: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(nsbiFilter(search));
  return row?.n ?? 0;
}
