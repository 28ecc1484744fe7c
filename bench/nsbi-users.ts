// Users NSBI Dashboards (GET dundas-bi/project/users-project-items) with 10,000 NSBI users on
// PostgreSQL: autocannon, a mix of default page, sorts, deep page, page size 100 and searches; p95
// per kind and overall. Every user has NSBI on and one of three BI projects (60 items each); every
// fifth has a report access list of 12 grants, so the page narrows items as it does for real.
// The BI simulator runs in this process; the built portal runs as a child process with BI_URL at it.
// Needs `npm run build`. Run: npx tsx bench/nsbi-users.ts
//   BENCH_USERS=10000 BENCH_DURATION=10 BENCH_CONNECTIONS=10
import os from 'node:os';
import autocannonUntyped from 'autocannon';
import Fastify from 'fastify';
import type { Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { META_KEYS } from '@portal/contract';
import { openDatabase } from '../apps/server/src/db/client';
import { createBiSimulator } from '../apps/server/src/simulators/bi/simulator';
import { buildProject, type ProjectSpec } from '../apps/server/src/simulators/bi/catalog';
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

const userCount = Number(process.env.BENCH_USERS ?? 10_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const autocannon = autocannonUntyped as unknown as (opts: Record<string, unknown>) => Tracker;

type Kind = 'default page' | 'sort name desc' | 'sort created desc' | 'deep page' | '100 per page' | 'search';
type Req = { method: 'GET'; path: string; kind: Kind };
type Tracker = Promise<Result> & {
  on(
    event: 'response',
    listener: (
      client: { requestIterator: { currentRequest: Req } },
      status: number,
      b: number,
      ms: number,
    ) => void,
  ): void;
};

/** Three projects of 60 items in 6 folders, half dashboards and half reports. */
const projects: ProjectSpec[] = ['North', 'South', 'West'].map((region) => ({
  name: `Bench ${region}`,
  folders: Array.from({ length: 6 }, (_, f) => ({
    name: `${region} ${f + 1}`,
    items: Array.from({ length: 10 }, (_, i) => ({
      name: `${i % 2 ? 'Report' : 'Dashboard'} ${region} ${f + 1}.${i + 1}`,
      type: i % 2 ? ('Report' as const) : ('Dashboard' as const),
    })),
  })),
}));
const built = projects.map((p) => buildProject(p, new Date()));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ms = (n: number) => n.toFixed(1);

async function seedNsbi(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    await seedUsers(database, userCount);
    const { db } = database;
    const ids = built.map((b) => `'${b.project.id}'`).join(',');
    await db.execute(sql`
      insert into user_meta (user_id, key, value)
      select id, ${META_KEYS.nsbiEnabled}, '1' from users where email <> 'bench-admin@example.com'`);
    await db.execute(
      sql`update users set dundas_project_id = (${sql.raw(`array[${ids}]`)})[1 + id % 3] where email <> 'bench-admin@example.com'`,
    );
    // Every fifth user: an access list of the first 12 items of their project.
    await db.execute(sql`insert into report_access_lists (user_id) select id from users where id % 5 = 0`);
    for (const [n, { files }] of built.entries()) {
      const items = files
        .filter((f) => f.objectType === 'Dashboard' || f.objectType === 'Report')
        .slice(0, 12);
      await db.execute(sql`
        insert into report_access (user_id, bi_report_id)
        select u.id, g.item from users u
        cross join unnest(${sql.raw(`array[${items.map((i) => `'${i.id}'`).join(',')}]`)}) as g(item)
        where u.id % 5 = 0 and u.id % 3 = ${n}`);
    }
    for (const table of ['users', 'user_meta', 'report_access_lists', 'report_access'])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from user_meta where key = ${META_KEYS.nsbiEnabled}`),
    );
    console.log(`  ${row?.n} NSBI users, ${built.length} BI projects`);
  } finally {
    await database.close();
  }
}

function requestMix(): Req[] {
  const pages = Math.floor((userCount * 0.98) / 25);
  const q = (kind: Kind, query: string): Req => ({
    method: 'GET',
    path: `${API}/dundas-bi/project/users-project-items?${query}`,
    kind,
  });
  return [1, 2, 3, 4].flatMap((n, i) => [
    q('default page', n === 1 ? '' : `page=${n}`),
    q('sort name desc', `sortColumn=name&sortDirection=desc&page=${n}`),
    q('sort created desc', `sortColumn=createdAt&sortDirection=desc&page=${n}`),
    q('deep page', `page=${pages - 10 * i}`),
    q('100 per page', `paginate=100&page=${n}`),
    q('search', `search=${['mar', 'smith', 'freight', 'ova'][i]}`),
  ]);
}

async function main() {
  requireBuild();
  console.log(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const sim = createBiSimulator({ projects });
  const biServer = Fastify({ logger: false });
  await biServer.register(sim.plugin);
  const biUrl = await biServer.listen({ host: '127.0.0.1', port: 0 });
  const scratch = await scratchPostgres('nsbi_users');
  const env = { ...serverEnv(scratch), BI_URL: biUrl, BI_SERVICE_PASSWORD: 'BiService#2024' };
  try {
    await (await startChild('server (creates the admin)', serverMain, env)).stop();
    const started = Date.now();
    await seedNsbi(scratch.env.DATABASE_URL!);
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const server = await startChild('server', serverMain, env);
    try {
      const headers = { authorization: `Bearer ${await signIn(server.url)}` };
      const requests = requestMix();
      // First answers: the BI trees are walked once (then kept), the rest is the database.
      for (const r of requests) {
        const res = await fetch(server.url + r.path, { headers });
        const body = (await res.json()) as { data?: Array<{ dashboards: unknown[] }> };
        if (!res.ok || !body.data?.length || !body.data.some((u) => u.dashboards.length))
          throw new Error(`${r.path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      }
      const base = { url: server.url, connections, headers, requests };
      await autocannon({ ...base, duration: 3 });
      const byKind: Record<string, number[]> = {};
      const all: number[] = [];
      const run = autocannon({ ...base, duration });
      run.on('response', (client, _status, _bytes, latency) => {
        (byKind[client.requestIterator.currentRequest.kind] ??= []).push(latency);
        all.push(latency);
      });
      const result = await run;
      if (result.non2xx || result.errors)
        console.warn(`  ! ${result.non2xx} non-2xx, ${result.errors} errors`);
      const rows = [...Object.entries(byKind), ['overall', all] as const].map(([kind, values]) => ({
        kind,
        requests: values.length,
        'p50 ms': ms(percentile(values, 50)),
        'p95 ms': ms(percentile(values, 95)),
        'p99 ms': ms(percentile(values, 99)),
      }));
      console.log(
        `\nPostgreSQL, ${userCount} NSBI users, ${connections} connections, ${duration} s: ${Math.round(result.requests.average)} req/s (target p95 ≤ 50 ms)`,
      );
      printTable(rows);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.dispose();
    await biServer.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
