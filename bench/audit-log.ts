// The audit log at scale: 1,000,000 audit rows (10,000 users) on PostgreSQL, then the statements of
// GET audit-log for each kind of filter the screen offers, timed in-process through the audit
// service and presenter (what the route runs, without HTTP), and one whole CSV export streamed to
// nowhere with the process's peak resident memory. Target: p95 ≤ 50 ms per filtered page.
//
//   npx tsx bench/audit-log.ts [--rows 1000000] [--runs 200]
//   BENCH_DATABASE_URL=postgres://…  (a server that may CREATE DATABASE; default 127.0.0.1:5432)
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { auditQuerySchema } from '../packages/contract/src/audit';
import { openDatabase } from '../apps/server/src/db/client';
import { csvStream } from '../apps/server/src/lib/csv';
import { auditCsvColumns, presentAuditPage } from '../apps/server/src/modules/audit/presenter';
import { createAuditRepository } from '../apps/server/src/modules/audit/repository';
import { createAuditService } from '../apps/server/src/modules/audit/service';
import { createUserRepository, type Actor } from '../apps/server/src/modules/directory';
import { percentile, printTable, scratchPostgres } from './lib';
import { seedUsers } from './seed-users';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '200' } },
});
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);
const USERS = 10_000;

const scratch = await scratchPostgres('audit');
const database = await openDatabase({ databaseUrl: scratch.env.DATABASE_URL, dataDir: '' });
try {
  console.log(`seeding ${USERS} users and ${ROWS} audit rows on PostgreSQL …`);
  await seedUsers(database, USERS);
  // A year of history: half successful sign-ins, a quarter failed ones (no actor), the rest admin
  // and BI actions about a user; actors and targets spread over every user.
  await database.db.execute(sql`
    insert into audit_log (at, actor_id, action, target_type, target_id, ip, details)
    select now() - (${ROWS}::int - i) * (interval '365 days' / ${ROWS}::int),
           case when i % 4 = 1 then null else 1 + (i::bigint * 7919) % ${USERS}::int end,
           (array['auth.login.succeeded','auth.login.succeeded','auth.login.failed','users.meta_updated',
                  'bi.project.assigned','users.blocked','auth.logout','files.logo_uploaded'])[1 + i % 8],
           case when i % 4 = 1 then null else 'user' end,
           case when i % 4 = 1 then null else (1 + (i::bigint * 104729) % ${USERS}::int)::text end,
           '10.' || (i % 250) || '.' || (i % 199) || '.' || (i % 251),
           case when i % 4 = 1 then jsonb_build_object('username', 'someone' || (i % 5000)) end
    from generate_series(1, ${ROWS}::int) as i`);
  await database.db.execute(sql`vacuum analyze audit_log`);

  const service = createAuditService({ audit: createAuditRepository(database.db), db: database.db });
  // Each read leaves its own audit row (audit_log.read), as an admin's read does: part of the cost.
  const readerRecord = await createUserRepository(database.db).find(1);
  if (!readerRecord) throw new Error('the seeded users have no user 1');
  const reader: Actor = { userId: 1, isAdmin: true, sessionId: 'bench', ip: '127.0.0.1', user: readerRecord };
  const actor = 1 + ((4242 * 7919) % USERS);
  const target = 1 + ((4242 * 104729) % USERS);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const kinds: Array<[string, Record<string, string>]> = [
    ['no filter, first page', {}],
    ['no filter, page 40 (of 100)', { page: '40', paginate: '100' }],
    ['actor', { actor: String(actor) }],
    ['target ("Activity" link)', { target: String(target) }],
    ['action prefix auth.login.failed', { action: 'auth.login.failed' }],
    ['action prefix users.', { action: 'users.' }],
    ['from/to: last 30 days', { from: monthAgo }],
    ['action + from/to (week)', { action: 'auth.login', from: weekAgo }],
    ['actor + action + 30 days', { actor: String(actor), action: 'auth', from: monthAgo }],
  ];
  const rows: Record<string, string | number>[] = [];
  for (const [kind, params] of kinds) {
    const query = auditQuerySchema.parse(params);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const start = performance.now();
      const page = presentAuditPage(await service.list(query, reader));
      const ms = performance.now() - start;
      total = page.meta.total;
      if (i >= 5) times.push(ms); // the first runs warm the cache
    }
    rows.push({
      kind,
      matching: total,
      'p50 ms': percentile(times, 50).toFixed(1),
      'p95 ms': percentile(times, 95).toFixed(1),
    });
  }
  console.log(`\nGET audit-log, ${ROWS} rows, ${RUNS} runs each (25 a page unless said)\n`);
  printTable(rows);

  // The whole log as CSV, to nowhere: time and the process's resident memory before and at its peak.
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  await pipeline(
    csvStream(service.exportRows(auditQuerySchema.parse({})), auditCsvColumns),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  clearInterval(sampler);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log(
    `\nexport of all ${ROWS} rows: ${((performance.now() - start) / 1000).toFixed(1)} s, ${mb(bytes)} MB of CSV, ` +
      `RSS ${mb(before)} MB before, ${mb(peak)} MB at peak`,
  );
} finally {
  await database.close();
  await scratch.dispose();
}
