import { asc, desc, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { USER_SORT_COLUMNS } from '@portal/contract';
import { users, usersListVersion } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import { likePattern } from '../../../lib/like';
import { linkJson, type LinkRef, type UserRecord } from '../../directory';

export type UserListFilter = { blocked: boolean; search: string | null };
/** A filter as statements take it: the search may be a placeholder for the whole LIKE pattern. */
export type QueryFilter = { blocked: boolean; search: string | Placeholder | null };
export type UserListOrder = { column: (typeof USER_SORT_COLUMNS)[number]; direction: 'asc' | 'desc' };
type Param<T> = T | Placeholder;
/** A page: `limit` rows after skipping `offset`, counted from just after the row `afterId` when given. */
export type PageWindow = { limit: Param<number>; offset: Param<number>; afterId?: Param<number> };

const sortColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
} as const;

/**
 * Active or blocked users, optionally those whose search_text contains the search (lower-cased on
 * both sides, so case-insensitive). search_text is lower(name, email, username, company name),
 * kept by triggers (migration 0003) and indexed with pg_trgm.
 */
function whereOf(filter: QueryFilter): SQL {
  const state = filter.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt);
  if (!filter.search) return state;
  const pattern = typeof filter.search === 'string' ? likePattern(filter.search) : filter.search;
  return sql`${state} and ${users.searchText} like lower(${pattern}) escape '\\'`;
}

/**
 * Rows after the row `afterId` in this order: a row comparison the sort index answers as a range
 * (keyset). The key's sort value is read from that row; callers only seek from a row remembered at
 * the list version the same statement still reads, so the row is there and unchanged.
 */
function afterRow(order: UserListOrder, afterId: Param<number>): SQL {
  const op = sql.raw(order.direction === 'asc' ? '>' : '<');
  if (order.column === 'id') return sql`${users.id} ${op} ${afterId}`;
  const column = sortColumns[order.column];
  // No alias on the inner users: it shadows the outer one, so the columns bind to the key's row.
  const value = sql`(select ${column} from ${users} where ${users.id} = ${afterId})`;
  return sql`(${column}, ${users.id}) ${op} (${value}, ${afterId})`;
}

/** Always ends in id, so the order is total and pages never overlap. Served by users_active_*_idx. */
function orderOf(order: UserListOrder): SQL[] {
  const dir = order.direction === 'asc' ? asc : desc;
  return order.column === 'id' ? [dir(users.id)] : [dir(sortColumns[order.column]), dir(users.id)];
}

const versionSql = sql<string>`(select ${usersListVersion.version}::text from ${usersListVersion} where ${usersListVersion.id} = 1)`;
const countSql = (filter: QueryFilter) =>
  sql<number>`(select count(*)::int from ${users} where ${whereOf(filter)})`;

/** The page's ids in order: walks a sort index (index only without a search), skipping `offset`. */
export function pageIdsQuery(db: Executor, filter: QueryFilter, order: UserListOrder, page: PageWindow) {
  const where =
    page.afterId === undefined
      ? whereOf(filter)
      : sql`${whereOf(filter)} and ${afterRow(order, page.afterId)}`;
  return db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...orderOf(order))
    .limit(page.limit)
    .offset(page.offset);
}

/** The count of a filter, as the page statement embeds it (for EXPLAIN). */
export const countQuery = (db: Executor, filter: UserListFilter) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(whereOf(filter));

type UserJson = {
  id: number;
  name: string;
  email: string;
  username: string | null;
  createdAt: string;
  blockedAt: string | null;
  dundasProjectId: string | null;
};
type ByUser<T> = T & { userId: number };
export type PageDocument = {
  version: string;
  total: number | null;
  ids: number[];
  users: UserJson[] | null;
  roles: ByUser<{ id: number; name: string; shortName: string }>[] | null;
  meta: ByUser<{ key: string; value: string | null }>[] | null;
  logos: ByUser<{ id: number; key: string; fileName: string }>[] | null;
  links: ByUser<LinkRef>[] | null;
};

/** The users, roles, meta, logos and linked apps of the ids `ids` as five JSON arrays, one index scan each. */
const documentColumns = (ids: SQL) => ({
  users: sql<PageDocument['users']>`(select json_agg(json_build_object('id', u.id, 'name', u.name,
    'email', u.email, 'username', u.username, 'createdAt', u.created_at, 'blockedAt', u.blocked_at,
    'dundasProjectId', u.dundas_project_id)) from users u where u.id = any(${ids}))`.as('users'),
  roles: sql<PageDocument['roles']>`(select json_agg(json_build_object('userId', ur.user_id, 'id', r.id,
    'name', r.name, 'shortName', r.short_name) order by ur.user_id, r.id)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = any(${ids}))`.as('roles'),
  meta: sql<PageDocument['meta']>`(select json_agg(json_build_object('userId', m.user_id, 'key', m.key,
    'value', m.value) order by m.user_id, m.key) from user_meta m where m.user_id = any(${ids}))`.as('meta'),
  logos: sql<PageDocument['logos']>`(select json_agg(json_build_object('userId', f.user_id, 'id', f.id,
    'key', f.key, 'fileName', f.file_name)) from files f where f.user_id = any(${ids}) and f.type = 'logo')`.as(
    'logos',
  ),
  links: sql<PageDocument['links']>`(select json_agg((${linkJson(sql.raw('l'))}::jsonb
    || jsonb_build_object('userId', l.user_id)) order by l.user_id, l.app)
    from linked_accounts l where l.user_id = any(${ids}))`.as('links'),
});

/**
 * One page as one row, in one statement: the list version, the total (when asked for), the page's
 * ids in order, and the users, roles, meta, logos and links of those ids as five JSON arrays — one index
 * scan each rather than three correlated subqueries per row. Version, total and rows all come from
 * the statement's one snapshot, so they agree. Returned unexecuted: it is prepared (list-statements.ts)
 * and the benchmark EXPLAINs the very statement the server runs.
 */
export function userPageQuery(
  db: Executor,
  filter: QueryFilter,
  order: UserListOrder,
  window: PageWindow & { withTotal: boolean },
) {
  // `offset 0` keeps the planner from pulling the subquery up, which would copy the ids query
  // into each of the five aggregates below and run it six times.
  const page = sql`(select array(${pageIdsQuery(db, filter, order, window)}) as ids offset 0) as page`;
  const ids = sql.raw('page.ids');
  return db
    .select({
      // Aliased: PGlite's prepared path reads the row by column name (list-statements.ts).
      version: sql<string>`${versionSql}`.as('version'),
      total: (window.withTotal ? countSql(filter) : sql<number | null>`null::int`).as('total'),
      ids: sql<number[]>`${ids}`.as('ids'),
      ...documentColumns(ids),
    })
    .from(page);
}

/** The rows of a page document as UserRecords, in the page's order. */
export function usersOfPage(doc: PageDocument): UserRecord[] {
  const byId = new Map<number, UserRecord>();
  for (const u of doc.users ?? []) {
    byId.set(u.id, {
      id: u.id,
      name: u.name,
      email: u.email,
      username: u.username,
      createdAt: new Date(u.createdAt),
      blockedAt: u.blockedAt === null ? null : new Date(u.blockedAt),
      dundasProjectId: u.dundasProjectId,
      roles: [],
      meta: [],
      logo: null,
      links: [],
    });
  }
  for (const r of doc.roles ?? [])
    byId.get(r.userId)?.roles.push({ id: r.id, name: r.name, shortName: r.shortName });
  for (const m of doc.meta ?? []) byId.get(m.userId)?.meta.push({ key: m.key, value: m.value });
  for (const { userId, ...link } of doc.links ?? []) byId.get(userId)?.links.push(link);
  for (const f of doc.logos ?? []) {
    const user = byId.get(f.userId);
    if (user) user.logo = { id: f.id, key: f.key, fileName: f.fileName };
  }
  return doc.ids.flatMap((id) => byId.get(id) ?? []);
}

/** The filter's total and the list version, read in one statement. */
export async function countUsers(db: Executor, filter: UserListFilter) {
  const [row] = await db
    .select({ version: versionSql, total: countSql(filter) })
    .from(sql`(select 1) as one`);
  return { version: row!.version, total: Number(row!.total) };
}

/**
 * The id of every `stride`-th row of a filter in an order (rows stride, 2·stride, …), with the list
 * version of the same statement. One pass over the filter in index order; it lets a deep page start
 * from the nearest such row instead of skipping `offset` rows (see PageSeekMemo).
 */
export async function selectPageBoundaries(
  db: Executor,
  filter: UserListFilter,
  order: UserListOrder,
  stride: number,
) {
  const ranked = db
    .select({
      id: users.id,
      rank: sql<number>`row_number() over (order by ${sql.join(orderOf(order), sql`, `)})`.as('rank'),
    })
    .from(users)
    .where(whereOf(filter))
    .as('ranked');
  const result = await db.execute(sql`
    select v.version, ranked.id
    from (${versionSql}) as v(version)
    left join ${ranked} on ranked.rank % ${stride} = 0
    order by ranked.rank`);
  const rows = (result as unknown as { rows: Array<{ version: string; id: number | null }> }).rows;
  return { version: rows[0]!.version, ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])) };
}
