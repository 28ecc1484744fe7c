// GET /api/v1.0/users (admin list) under load: 100,000 users on PostgreSQL, 10,000 on PGlite.
// autocannon, 20 connections, a mix of default page, sort by name desc, deep page, one-letter search
// and 3+ letter search; prints p95 per kind and overall, the first (cold) answer of each kind, and
// EXPLAIN ANALYZE of the statements behind them.
// Needs `npm run build -w apps/server`. Run: npx tsx bench/users-list.ts
//   BENCH_DURATION=10 BENCH_CONNECTIONS=20 BENCH_TARGETS=postgres,pglite BENCH_PG_USERS=100000 BENCH_PGLITE_USERS=10000
// PostgreSQL through a transaction-pooling PgBouncer too (decision 0031), on the same seeded database:
//   BENCH_VIA=direct,pgbouncer (PGBOUNCER_PORT: the first port to try, default 6440)
// To compare builds on one seeded database, in turns (a burst elsewhere on the machine then hits
// each build alike): BENCH_SERVER_MAINS=/tmp/a/main.js,/tmp/b/main.js BENCH_ROUNDS=3
// An entry may carry node flags after a `|`, and environment after a second `|`, to compare
// settings of one build in turns:
//   BENCH_SERVER_MAINS='apps/server/dist/main.js,apps/server/dist/main.js|--max-semi-space-size=16'
//   BENCH_SERVER_MAINS='apps/server/dist/main.js,apps/server/dist/main.js||MALLOC_MMAP_THRESHOLD_=131072'
import os from 'node:os';
import autocannonUntyped from 'autocannon';
import type { Result } from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import {
  API,
  type Scratch,
  percentile,
  printTable,
  requireBuild,
  scratchPglite,
  scratchPostgres,
  serverEnv,
  serverMain,
  signIn,
  startChild,
} from './lib';
import { startPgbouncer } from '../apps/server/src/test/pgbouncer';
import { explainListQueries } from './users-list-plans';
import { seedUsers } from './seed-users';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
const warmup = 3;
/** The builds to measure, each in turn per round, against the same seeded database. */
const mains = (process.env.BENCH_SERVER_MAINS ?? serverMain).split(',');
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
/** How the server reaches PostgreSQL: itself, and/or through a transaction-mode PgBouncer. */
const vias = (process.env.BENCH_VIA ?? 'direct').split(',') as Array<'direct' | 'pgbouncer'>;

type Kind = 'default page' | 'sort name desc' | 'deep page' | 'one-letter search' | '3+ letter search';
type Req = { method: 'GET'; path: string; kind: Kind };
type Tracker = Promise<Result> & {
  on(
    event: 'response',
    listener: (
      client: { requestIterator: { currentRequest: Req } },
      status: number,
      bytes: number,
      ms: number,
    ) => void,
  ): void;
};
const autocannon = autocannonUntyped as unknown as (opts: Record<string, unknown>) => Tracker;

/** Four variants of each kind, so neither the database nor the count memory sees one request only. */
function requestMix(users: number): Req[] {
  const pages = Math.floor((users * 0.98) / 25);
  const deep = users >= 100_000 ? [3000, 3001, 2500, 3500] : [pages - 40, pages - 20, pages - 10, pages - 1];
  const q = (kind: Kind, query: string): Req => ({ method: 'GET', path: `${API}/users?${query}`, kind });
  return [1, 2, 3, 4].flatMap((n, i) => [
    q('default page', n === 1 ? '' : `page=${n}`),
    q('sort name desc', `sortColumn=name&sortDirection=desc&page=${n}`),
    q('deep page', `page=${deep[i]}&paginate=25`),
    q('one-letter search', `search=${['a', 'k', 'q', 'z'][i]}`),
    q('3+ letter search', `search=${['mar', 'smith', 'freight', 'ova'][i]}`),
  ]);
}

const ms = (n: number) => n.toFixed(1);

/** Seeds the database once, then measures each build `rounds` times; answers each build's overall p95s. */
async function measure(scratch: Scratch, users: number): Promise<Map<string, number[]>> {
  // A first start creates the bench admin (ensureFirstAdmin does so only while no admin exists,
  // and the seed has admins); the seed then runs with the server stopped (PGlite has one owner).
  await (
    await startChild(`server on ${scratch.label} (creates the admin)`, serverMain, serverEnv(scratch))
  ).stop();
  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: scratch.env.DATABASE_URL,
    dataDir: scratch.env.DATA_DIR ?? '',
  });
  try {
    await seedUsers(database, users, scratch.env.DATABASE_URL);
    console.log(`  seeded ${users} users in ${((Date.now() - started) / 1000).toFixed(1)} s; plans:`);
    // Through the server's pool (8 s per statement): at a million users a plan may take longer.
    await explainListQueries(database, users).catch((err: unknown) =>
      console.warn(`  ! no plans: ${err instanceof Error ? err.message : String(err)}`),
    );
  } finally {
    await database.close();
  }

  const routes: typeof vias = scratch.env.DATABASE_URL ? vias : ['direct'];
  const bouncer = routes.includes('pgbouncer')
    ? await startPgbouncer(scratch.env.DATABASE_URL!, Number(process.env.PGBOUNCER_PORT ?? 6440))
    : undefined;
  const p95s = new Map<string, number[]>();
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const main of mains) {
        for (const via of routes) {
          const key = [mains.length > 1 && main, routes.length > 1 && via].filter(Boolean).join(', ') || main;
          const env: Record<string, string> =
            via === 'pgbouncer'
              ? {
                  DATABASE_URL: bouncer!.pooled(scratch.env.DATABASE_URL!),
                  DATABASE_DIRECT_URL: scratch.env.DATABASE_URL!,
                }
              : {};
          const overall = await measureServer(
            scratch,
            users,
            main,
            mains.length > 1 || rounds > 1 || routes.length > 1 ? `${key}, round ${round}` : '',
            env,
          );
          p95s.set(key, [...(p95s.get(key) ?? []), overall]);
        }
      }
    }
  } finally {
    await bouncer?.stop();
  }
  return p95s;
}

/** One build: a fresh process (remembers nothing), the cold first answers, then the load. */
async function measureServer(
  scratch: Scratch,
  users: number,
  main: string,
  label: string,
  env: Record<string, string> = {},
) {
  const [script, flags = '', assignments = ''] = main.split('|') as [string, string?, string?];
  // A third part: environment of that entry (NAME=value, space-separated), e.g. glibc's settings.
  const entryEnv = Object.fromEntries(
    assignments
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const server = await startChild(
    `server on ${scratch.label}`,
    script,
    { ...serverEnv(scratch), ...env, ...entryEnv },
    {
      nodeArgs: flags.split(' ').filter(Boolean),
    },
  );
  try {
    const headers = { authorization: `Bearer ${await signIn(server.url)}` };
    const requests = requestMix(users);
    // First answer of each request: the count is not remembered yet (a fresh process).
    const cold: Record<string, number[]> = {};
    for (const r of requests) {
      const t0 = performance.now();
      const res = await fetch(server.url + r.path, { headers });
      const body = (await res.json()) as { meta?: { total: number }; data?: unknown[] };
      (cold[r.kind] ??= []).push(performance.now() - t0);
      if (!res.ok || !body.data?.length)
        throw new Error(`${r.path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    const base = { url: server.url, connections, headers, requests };
    await autocannon({ ...base, duration: warmup });
    const byKind: Record<string, number[]> = {};
    const all: number[] = [];
    const run = autocannon({ ...base, duration });
    run.on('response', (client, _status, _bytes, latency) => {
      (byKind[client.requestIterator.currentRequest.kind] ??= []).push(latency);
      all.push(latency);
    });
    const result = await run;
    if (result.non2xx || result.errors) console.warn(`  ! ${result.non2xx} non-2xx, ${result.errors} errors`);
    const rows = Object.entries(byKind).map(([kind, values]) => ({
      kind,
      requests: values.length,
      'p50 ms': ms(percentile(values, 50)),
      'p95 ms': ms(percentile(values, 95)),
      'p99 ms': ms(percentile(values, 99)),
      'cold first ms (max of 4)': ms(Math.max(...(cold[kind] ?? [NaN]))),
    }));
    rows.push({
      kind: 'overall',
      requests: all.length,
      'p50 ms': ms(percentile(all, 50)),
      'p95 ms': ms(percentile(all, 95)),
      'p99 ms': ms(percentile(all, 99)),
      'cold first ms (max of 4)': '',
    });
    console.log(
      `\n${scratch.label}, ${users} users, ${connections} connections, ${duration} s: ${Math.round(result.requests.average)} req/s${label ? ` (${label}, load ${os.loadavg()[0]!.toFixed(2)})` : ''}`,
    );
    printTable(rows);
    return percentile(all, 95);
  } finally {
    await server.stop();
  }
}

/** A summary row per build: its overall p95 of each round and their median. */
const summaryRows = (target: string, p95s: Map<string, number[]>, targetMs: number) =>
  [...p95s].map(([main, values]) => ({
    target,
    ...((mains.length > 1 || vias.length > 1) && { 'build, via': main }),
    'p95 ms': values.map(ms).join(' / '),
    ...(values.length > 1 && { 'median p95 ms': ms(percentile(values, 50)) }),
    'target ms': targetMs,
  }));

async function main() {
  requireBuild();
  console.log(
    `${os.cpus().length} CPUs, load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const summary: Record<string, string | number>[] = [];
  if (targets.includes('postgres')) {
    const scratch = await scratchPostgres('users');
    try {
      const users = Number(process.env.BENCH_PG_USERS ?? 100_000);
      summary.push(...summaryRows(`PostgreSQL, ${users} users`, await measure(scratch, users), 25));
    } finally {
      await scratch.dispose();
    }
  }
  if (targets.includes('pglite')) {
    const scratch = await scratchPglite();
    try {
      const users = Number(process.env.BENCH_PGLITE_USERS ?? 10_000);
      summary.push(...summaryRows(`PGlite, ${users} users`, await measure(scratch, users), 50));
    } finally {
      await scratch.dispose();
    }
  }
  console.log();
  printTable(summary);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
