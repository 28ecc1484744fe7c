// EXPLAIN ANALYZE of the statements behind GET users, on a seeded database: the inner "which ids"
// query of each kind of page, the counts, and one whole page statement. Used by bench/users-list.ts;
// BENCH_PLANS=full prints every plan line (default: the plan nodes without buffers and costs).
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import {
  countQuery,
  pageIdsQuery,
  userPageQuery,
  type UserListFilter,
  type UserListOrder,
} from '../apps/server/src/modules/users/list/sql-repository';

const full = process.env.BENCH_PLANS === 'full';

async function explain(database: Database, title: string, query: SQLWrapper) {
  const options = full ? 'analyze, buffers' : 'analyze, costs off';
  const res = await database.db.execute(sql.raw(`explain (${options}) `).append(query.getSQL()));
  const lines = (res as unknown as { rows: Array<Record<string, string>> }).rows.map(
    (r) => Object.values(r)[0]!,
  );
  console.log(`\n  -- ${title}`);
  for (const line of lines) {
    if (!full && /^\s*(Planning|Buffers|Heap Fetches|Batches|Sort Method|Group Key)/.test(line)) continue;
    console.log(`  ${line}`);
  }
}

export async function explainListQueries(database: Database, users: number) {
  const active = (search: string | null = null): UserListFilter => ({ blocked: false, search });
  const byId: UserListOrder = { column: 'id', direction: 'asc' };
  const nameDesc: UserListOrder = { column: 'name', direction: 'desc' };
  const deepOffset = users >= 100_000 ? 2999 * 25 : Math.floor((users * 0.98) / 25 - 2) * 25;
  const { db } = database;
  const first = { limit: 25, offset: 0 };

  await explain(
    database,
    'whole page statement: default page, count included',
    userPageQuery(db, active(), byId, { ...first, withTotal: true }),
  );
  await explain(database, 'ids: default page (id asc)', pageIdsQuery(db, active(), byId, first));
  await explain(database, 'ids: sort by name desc', pageIdsQuery(db, active(), nameDesc, first));
  await explain(
    database,
    `ids: deep page (offset ${deepOffset})`,
    pageIdsQuery(db, active(), byId, { limit: 25, offset: deepOffset }),
  );
  const seekFrom = Math.floor(deepOffset / 1000) * 1000;
  const [after] = await pageIdsQuery(db, active(), byId, { limit: 1, offset: seekFrom - 1 });
  await explain(
    database,
    `ids: the same deep page as the server reads it: after the remembered row ${seekFrom} (seek), offset ${deepOffset - seekFrom}`,
    pageIdsQuery(db, active(), byId, { limit: 25, offset: deepOffset - seekFrom, afterId: after!.id }),
  );
  await explain(
    database,
    `ids: deep page sorted by name desc, after the remembered row ${seekFrom}`,
    pageIdsQuery(db, active(), nameDesc, {
      limit: 25,
      offset: deepOffset - seekFrom,
      afterId: (await pageIdsQuery(db, active(), nameDesc, { limit: 1, offset: seekFrom - 1 }))[0]!.id,
    }),
  );
  await explain(database, "ids: one-letter search 'a'", pageIdsQuery(db, active('a'), byId, first));
  await explain(database, "ids: 3+ letter search 'mar'", pageIdsQuery(db, active('mar'), byId, first));
  await explain(
    database,
    "ids: worst case seen: 'mar' sorted by name desc (matches cluster mid-order)",
    pageIdsQuery(db, active('mar'), nameDesc, first),
  );
  await explain(
    database,
    "ids: rare search 'walker.99' (trigram bitmap, then sort)",
    pageIdsQuery(db, active('walker.99'), byId, first),
  );
  await explain(database, 'count: all active users', countQuery(db, active()));
  await explain(
    database,
    "count: one-letter search 'a' (no trigram: every row)",
    countQuery(db, active('a')),
  );
  await explain(database, "count: 3+ letter search 'mar' (trigram bitmap)", countQuery(db, active('mar')));
}
