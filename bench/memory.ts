// Resident memory (VmRSS) of the built server: idle after start on PostgreSQL and on PGlite, and
// (`--soak`) on PGlite under a steady mixed load.
// Needs `npm run build`. Run: npm run bench:memory            (idle; BENCH_IDLE_SECONDS=5)
//                             npm run bench:memory -- --soak  (the soak; see below)
//
// The soak: 10,000 seeded users on a fresh PGlite folder, then BENCH_SOAK_SECONDS (150) of
// BENCH_CONNECTIONS (16) connections, each asking one request after another, picked by weight:
// auth/me, users pages (deep ones too) and searches, user updates, audit log pages, BI projects
// and wrong sign-ins (which soon answer 429: the sign-in lock; fine for a memory soak). The
// server's VmRSS is sampled every 250 ms; printed: idle before, the peak, the peak of each fifth,
// growth from the second fifth to the last, and idle 10 s after the load.
// BENCH_PGLITE_SETTINGS="work_mem=1MB,…" (bench/pglite-options.mjs) and BENCH_NODE_ARGS try variants.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PREFIX, ROLE_IDS } from '@portal/contract';
import { openDatabase } from '../apps/server/src/db/client';
import {
  type Scratch,
  cpuSeconds,
  loadAverage,
  mainThreadCpuSeconds,
  printTable,
  requireBuild,
  root,
  rssMB,
  scratchPglite,
  scratchPostgres,
  serverEnv,
  serverMain,
  signIn,
  sleep,
  startChild,
} from './lib';
import { seedUsers } from './seed-users';

const idleMs = Number(process.env.BENCH_IDLE_SECONDS ?? 5) * 1000;
const TARGET_MB = 150;
const SOAK = {
  seconds: Number(process.env.BENCH_SOAK_SECONDS ?? 150),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
  users: Number(process.env.BENCH_USERS ?? 10_000),
  target: { peak: 300, growth: 50, idle: 200 },
};

async function idleRss(label: string, database: Scratch) {
  const server = await startChild(`server on ${label}`, serverMain, serverEnv(database));
  try {
    await sleep(idleMs);
    return { database: label, 'RSS MB': rssMB(server.pid).toFixed(0) };
  } finally {
    await server.stop();
  }
}

async function idle() {
  console.log(`idle ${idleMs / 1000} s after /readyz answers, then VmRSS of the server process`);
  const rows: Record<string, string>[] = [];

  const postgres = await scratchPostgres('memory');
  try {
    rows.push({ ...(await idleRss('PostgreSQL', postgres)), target: `≤ ${TARGET_MB}` });
  } finally {
    await postgres.dispose();
  }

  // PGlite's first start runs initdb in a child process (decision 0011); both a first start and
  // a restart on that data are reported.
  const pglite = await scratchPglite();
  try {
    rows.push({
      ...(await idleRss('PGlite, first start', pglite)),
      target: `≤ ${SOAK.target.idle}`,
    });
    rows.push({
      ...(await idleRss('PGlite, restart on that data', pglite)),
      target: `≤ ${SOAK.target.idle}`,
    });
  } finally {
    await pglite.dispose();
  }

  console.log();
  printTable(rows);
}

type SomeUser = { id: number; name: string; email: string };

/** Seeded customers to update and to sign in as wrongly: their own emails stay (no mail is sent). */
async function someUsers(baseUrl: string, token: string, count: number): Promise<SomeUser[]> {
  const response = await fetch(
    `${baseUrl}${API_PREFIX}/users?paginate=100&page=2&sortColumn=id&sortDirection=desc`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const { data } = (await response.json()) as { data: Array<SomeUser & { roles: { id: number }[] }> };
  const customers = data.filter((user) => user.roles.every((role) => role.id === ROLE_IDS.customer));
  return Array.from({ length: count }, (_, i) => customers[i % customers.length]!);
}

type Kind = { name: string; weight: number; run: (n: number) => Promise<number> };

/** The mixed load's requests, each answering its HTTP status. */
function requestKinds(baseUrl: string, token: string, users: SomeUser[]): Kind[] {
  const call = async (apiPath: string, init: RequestInit = {}, auth = true) => {
    const response = await fetch(`${baseUrl}${API_PREFIX}/${apiPath}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        ...(auth ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    await response.arrayBuffer();
    return response.status;
  };
  const names = ['Anna', 'ben', 'Carla M', 'da', 'example-4', 'Olga P', 'sven.', 'Tara'];
  const pages = Math.max(1, Math.floor(SOAK.users / 25));
  return [
    { name: 'auth/me', weight: 30, run: () => call('auth/me') },
    {
      name: 'users page',
      weight: 15,
      run: (n) =>
        call(`users?page=${1 + ((n * 7919) % pages)}&paginate=25&sortColumn=name&sortDirection=asc`),
    },
    {
      name: 'users search',
      weight: 15,
      run: (n) => call(`users?search=${encodeURIComponent(names[n % names.length]!)}&paginate=25`),
    },
    {
      name: 'user update',
      weight: 10,
      run: (n) => {
        const user = users[(n * 104729) % users.length]!;
        return call(`users/${user.id}`, {
          method: 'PUT',
          body: JSON.stringify({
            name: `${user.name.split(' ')[0]} Soak ${n % 1000}`,
            email: user.email,
            meta: [{ key: 'company_name', value: `Soak Co ${n % 97}` }],
            role_id: ROLE_IDS.customer,
          }),
        });
      },
    },
    { name: 'audit log', weight: 10, run: (n) => call(`audit-log?page=${1 + (n % 20)}&paginate=25`) },
    { name: 'BI projects', weight: 10, run: () => call('dundas-bi/project/all') },
    {
      name: 'wrong sign-in',
      weight: 10,
      run: (n) =>
        call(
          'auth/login',
          {
            method: 'POST',
            body: JSON.stringify({ username: users[n % 50]!.email, password: 'wrong-password' }),
          },
          false,
        ),
    },
  ];
}

async function soak() {
  const database = await scratchPglite();
  try {
    // A first start makes the database and the bench admin; then the users are seeded in this
    // process while no server runs (PGlite is one process's database), after the admin's id.
    await (await startChild('server', serverMain, serverEnv(database))).stop();
    const seeding = await openDatabase({ dataDir: database.env.DATA_DIR! });
    const total = await seedUsers(seeding, SOAK.users);
    await seeding.close();
    console.log(`seeded ${SOAK.users} users (${total} in the database)`);

    const preload = path.join(root, 'bench/pglite-options.mjs');
    const nodeArgs = [
      ...(process.env.BENCH_PGLITE_SETTINGS ? ['--import', preload] : []),
      ...(process.env.BENCH_PROBE ? ['--import', path.join(root, 'bench/memory-probe.mjs')] : []),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ];
    const server = await startChild('server', serverMain, serverEnv(database), { nodeArgs });
    try {
      await sleep(idleMs);
      const idleBefore = rssMB(server.pid);
      const token = await signIn(server.url);
      const users = await someUsers(server.url, token, 400);
      const kinds = requestKinds(server.url, token, users);
      const weights = kinds.flatMap((kind, i) => Array<number>(kind.weight).fill(i));
      const counts = new Map<string, Map<number, number>>(kinds.map((k) => [k.name, new Map()]));

      const samples: { at: number; mb: number }[] = [];
      const started = Date.now();
      const deadline = started + SOAK.seconds * 1000;
      const sampler = setInterval(
        () => samples.push({ at: Date.now() - started, mb: rssMB(server.pid) }),
        250,
      );
      console.log(`load average before the soak: ${loadAverage()}`);
      // The server's CPU over the load, per request: what a memory setting costs in time (all threads;
      // the main thread runs JavaScript and PGlite, the others compile, collect garbage, hash).
      const cpuBefore = { all: cpuSeconds(server.pid), main: mainThreadCpuSeconds(server.pid) };
      let n = 0;
      await Promise.all(
        Array.from({ length: SOAK.connections }, async () => {
          while (Date.now() < deadline) {
            const i = n++;
            const kind = kinds[weights[(i * 7) % weights.length]!]!;
            const status = await kind.run(i).catch(() => 0);
            const byStatus = counts.get(kind.name)!;
            byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
          }
        }),
      );
      clearInterval(sampler);
      const cpu = {
        all: cpuSeconds(server.pid) - cpuBefore.all,
        main: mainThreadCpuSeconds(server.pid) - cpuBefore.main,
      };
      console.log(`load average after the soak: ${loadAverage()}`);
      await sleep(10_000);
      const idleAfter = rssMB(server.pid);

      console.log(`\n${n} requests in ${SOAK.seconds} s over ${SOAK.connections} connections:\n`);
      printTable(
        kinds.map((kind) => ({
          request: kind.name,
          answers: [...counts.get(kind.name)!]
            .sort((a, b) => a[0] - b[0])
            .map(([status, count]) => `${status}×${count}`)
            .join(' '),
        })),
      );
      const fifth = (SOAK.seconds * 1000) / 5;
      const peakOf = (k: number) =>
        Math.max(...samples.filter((s) => s.at >= k * fifth && s.at < (k + 1) * fifth).map((s) => s.mb));
      const fifths = [0, 1, 2, 3, 4].map(peakOf);
      const peak = Math.max(...samples.map((s) => s.mb));
      const growth = fifths[4]! - fifths[1]!;
      console.log(`\nVmRSS MB, peak of each fifth: ${fifths.map((mb) => mb.toFixed(0)).join(', ')}\n`);
      printTable([
        { figure: 'idle before the load', MB: idleBefore.toFixed(0), target: `≤ ${SOAK.target.idle}` },
        { figure: 'peak under load', MB: peak.toFixed(0), target: `≤ ${SOAK.target.peak}` },
        {
          figure: 'growth, 2nd fifth → last fifth',
          MB: growth.toFixed(0),
          target: `≤ ${SOAK.target.growth}`,
        },
        { figure: 'idle 10 s after the load', MB: idleAfter.toFixed(0), target: 'report' },
      ]);
      const perRequest = (seconds: number) => `${((seconds / n) * 1e6).toFixed(0)} µs`;
      console.log(
        `\nserver CPU over the load: ${cpu.all.toFixed(1)} s (${perRequest(cpu.all)} a request), main thread ${cpu.main.toFixed(1)} s (${perRequest(cpu.main)})`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

async function main() {
  requireBuild();
  const { values } = parseArgs({ options: { soak: { type: 'boolean', default: false } } });
  if (values.soak) await soak();
  else await idle();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
