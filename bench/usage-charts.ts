// The NS BI usage charts over 1,000,000 click rows on PostgreSQL: each chart query (clicks per day,
// top reports, top users) timed on its own for every range the page offers, then GET usage/clicks
// (all three together, as the page asks) through the built server.
//
// Seeding: 10,000 users, then 1,000,000 clicks spread over the last 365 days, skewed the way usage is
// (a few users and reports take most clicks). The raw rows go in with the roll-up trigger off
// (session_replication_role = replica; a row trigger per click would take minutes), then the
// roll-ups are built with one INSERT … SELECT each, exactly as the trigger would have kept them — the
// bench checks that their sums match the raw rows before it measures.
// Needs `npm run build`. Run: npx tsx bench/usage-charts.ts
//   BENCH_CLICKS=1000000 BENCH_USERS=10000 BENCH_REPORTS=2000 BENCH_RUNS=50
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { USAGE_RANGES } from '@portal/contract';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createClickRepository, type DayRange } from '../apps/server/src/modules/usage/repository';
import {
  API,
  percentile,
  printTable,
  requireBuild,
  scratchPostgres,
  serverEnv,
  serverMain,
  signIn,
  startChild,
} from './lib';
import { seedUsers } from './seed-users';

const clicks = Number(process.env.BENCH_CLICKS ?? 1_000_000);
const userCount = Number(process.env.BENCH_USERS ?? 10_000);
const reportCount = Number(process.env.BENCH_REPORTS ?? 2_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ms = (n: number) => n.toFixed(1);
const iso = (date: Date) => date.toISOString().slice(0, 10);

async function seedClicks(database: Database) {
  const { db } = database;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    // Superuser only (the bench's own database on a local server): skips the roll-up trigger.
    await tx.execute(sql`set local session_replication_role = replica`);
    // random()^3 skews towards small ids: user 1 and report 1 are the busiest, like real usage.
    await tx.execute(sql`
      insert into user_clicks (user_id, kind, report_id, at)
      select 1 + floor(power(random(), 3) * ${userCount}::int)::int,
             k.kind,
             case when k.kind = 'report' then 'bench-report-' || (1 + floor(power(random(), 2) * ${reportCount}::int)::int) end,
             now() - random() * interval '365 days'
      from generate_series(1, ${clicks}::int) as i
      cross join lateral (select case when random() < 0.4 then 'nsbi' else 'report' end as kind, i as _) k`);
  });
  // What the trigger of migration 0009 keeps, built at once.
  await db.execute(sql`
    insert into click_daily_totals (day, kind, clicks)
    select (at at time zone 'UTC')::date, kind, count(*) from user_clicks group by 1, 2`);
  await db.execute(sql`
    insert into click_daily_users (day, user_id, clicks)
    select (at at time zone 'UTC')::date, user_id, count(*) from user_clicks group by 1, 2`);
  await db.execute(sql`
    insert into click_daily_reports (day, report_id, clicks)
    select (at at time zone 'UTC')::date, report_id, count(*) from user_clicks
    where kind = 'report' and report_id is not null group by 1, 2`);
  for (const table of ['user_clicks', 'click_daily_totals', 'click_daily_users', 'click_daily_reports'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));

  const [sums] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*) from user_clicks)::int as raw,
      (select sum(clicks) from click_daily_totals)::int as totals,
      (select sum(clicks) from click_daily_users)::int as users,
      (select count(*) from user_clicks where kind = 'report')::int as raw_reports,
      (select sum(clicks) from click_daily_reports)::int as reports,
      (select count(*) from click_daily_users)::int as user_days,
      (select count(*) from click_daily_reports)::int as report_days`),
  );
  if (!sums || sums.raw !== clicks || sums.totals !== clicks || sums.users !== clicks)
    throw new Error(`roll-ups do not add up: ${JSON.stringify(sums)}`);
  if (sums.reports !== sums.raw_reports) throw new Error(`report roll-up is off: ${JSON.stringify(sums)}`);
  console.log(
    `  ${sums.raw} clicks; roll-up rows: ${sums.user_days} user-days, ${sums.report_days} report-days`,
  );
}

/** Each chart query alone, `runs` times per range (after one unmeasured run), straight on the pool. */
async function timeQueries(database: Database) {
  const clicks = createClickRepository(database.db);
  const now = new Date();
  const charts = {
    'clicks per day': (range: DayRange) => clicks.perDay(range),
    'top reports': (range: DayRange) => clicks.topReports(range, 10),
    'top users': (range: DayRange) => clicks.topUsers(range, 10),
  };
  const rows: Record<string, string | number>[] = [];
  for (const days of USAGE_RANGES) {
    const range = { from: iso(new Date(now.getTime() - (days - 1) * 86_400_000)), to: iso(now) };
    for (const [chart, query] of Object.entries(charts)) {
      const answer = await query(range);
      if (!answer.length) throw new Error(`${chart} over ${days} days is empty`);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await query(range);
        times.push(performance.now() - t0);
      }
      rows.push({
        days,
        chart,
        'rows out': answer.length,
        'p50 ms': ms(percentile(times, 50)),
        'p95 ms': ms(percentile(times, 95)),
        'max ms': ms(Math.max(...times)),
      });
    }
  }
  return rows;
}

async function timeEndpoint(baseUrl: string) {
  const headers = { authorization: `Bearer ${await signIn(baseUrl)}` };
  const rows: Record<string, string | number>[] = [];
  for (const days of USAGE_RANGES) {
    const url = `${baseUrl}${API}/usage/clicks?days=${days}`;
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { data?: { totals: { nsbi: number; report: number } } };
      if (!res.ok || !body.data) throw new Error(`${url}: ${res.status}`);
      if (i > 0) times.push(performance.now() - t0);
      total = body.data.totals.nsbi + body.data.totals.report;
    }
    rows.push({
      days,
      'clicks in range': total,
      'p50 ms': ms(percentile(times, 50)),
      'p95 ms': ms(percentile(times, 95)),
      'max ms': ms(Math.max(...times)),
    });
  }
  return rows;
}

async function main() {
  requireBuild();
  console.log(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const scratch = await scratchPostgres('usage');
  try {
    // A first start applies the migrations and creates the bench admin.
    await (await startChild('server (creates the admin)', serverMain, serverEnv(scratch))).stop();
    const database = await openDatabase({ databaseUrl: scratch.env.DATABASE_URL, dataDir: '' });
    try {
      const started = Date.now();
      await seedUsers(database, userCount);
      await seedClicks(database);
      console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      console.log(`\nEach chart query alone (${runs} runs per row, PostgreSQL)`);
      printTable(await timeQueries(database));
    } finally {
      await database.close();
    }
    const server = await startChild('server', serverMain, serverEnv(scratch));
    try {
      console.log(`\nGET usage/clicks (the three queries together, as the page asks; ${runs} runs)`);
      printTable(await timeEndpoint(server.url));
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
