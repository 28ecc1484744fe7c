// Sign-ins per second against raw Argon2id verifications per second with the same parameters,
// measured in one run on this machine (target ratio ≥ 0.8), on PGlite and on PostgreSQL.
// Needs `npm run build`. All sign-ins are of one account from one address: the throttle's
// concurrency path (decision 0030) is on the hot path.
//   npx tsx bench/login-throughput.ts      (BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_ROUNDS override;
//                                           BENCH_DATABASES=pglite or postgres for one of them)
//
// The sign-in load comes from autocannon (as in api.ts), not fetch: on a small machine the load
// generator shares the CPUs with the server and its database, and undici's fetch costs ~1.5 ms of CPU
// per request, which would be charged to the server. The CPU split printed at the end says where the
// time of a sign-in went (server process, PostgreSQL backends, this process).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import {
  ADMIN,
  API,
  cpuSeconds,
  mainThreadCpuSeconds,
  median,
  printTable,
  requireBuild,
  scratchPglite,
  scratchPostgres,
  type Scratch,
  serverEnv,
  serverMain,
  startChild,
  threadCpuSeconds,
} from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Enough in flight to keep libuv's 4 Argon2 threads busy on either side.
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** libuv's pool, where the server's Argon2id runs (Node's default size unless the server sets it). */
const poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
// lib/passwords.ts: OWASP Argon2id m=19 MiB, t=2, p=1.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

function postgresCpuSeconds(): number {
  let pids: number[] = [];
  try {
    pids = execFileSync('ps', ['-C', 'postgres', '-o', 'pid='], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .map(Number);
  } catch {
    // no local PostgreSQL processes visible
  }
  return pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

async function measure(label: string, once: () => Promise<void>) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        await once();
        done += 1;
      }
    }),
  );
  const perSecond = done / ((performance.now() - started) / 1000);
  return { label, operations: done, perSecond };
}

async function signInLoad(url: string, duration: number) {
  const result = await autocannon({
    url: `${url}${API}/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    connections: concurrency,
    duration,
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`sign-ins failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result;
}

async function main() {
  requireBuild();
  const which = process.env.BENCH_DATABASES ?? 'pglite,postgres';
  if (which.includes('pglite')) await run(await scratchPglite());
  if (which.includes('postgres')) await run(await scratchPostgres('login'));
}

async function run(db: Scratch) {
  console.log(
    `\n${db.label}: ${os.cpus().length} CPUs, load average before: ${os.loadavg().map((l) => l.toFixed(2))}`,
  );
  const server = await startChild('server', serverMain, serverEnv(db));
  try {
    await signInLoad(server.url, 3); // warm-up: JIT, pool connections, prepared statements
    const stored = await hash(ADMIN.password, OPTIONS);
    const rows: Record<string, string | number>[] = [];
    const ratios: number[] = [];
    let totals = { signIns: 0, server: 0, main: 0, pool: 0, helpers: 0, pg: 0, bench: 0 };
    // Alternating rounds: a machine whose speed drifts (other tenants, thermal) skews both sides alike.
    for (let round = 1; round <= rounds; round++) {
      const threadsBefore = threadCpuSeconds(server.pid);
      const before = {
        server: cpuSeconds(server.pid),
        main: mainThreadCpuSeconds(server.pid),
        pg: postgresCpuSeconds(),
        bench: cpuSeconds(process.pid),
      };
      const load = await signInLoad(server.url, seconds);
      const signIns = load['2xx'];
      // Beside the main thread: libuv's pool (where Argon2id runs: its UV_THREADPOOL_SIZE threads are
      // the busiest by far) and V8's helpers (garbage collection, the optimizing compiler).
      const others = [...threadCpuSeconds(server.pid)]
        .filter(([tid]) => tid !== server.pid)
        .map(([tid, seconds]) => seconds - (threadsBefore.get(tid) ?? 0))
        .sort((a, b) => b - a);
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      totals = {
        signIns: totals.signIns + signIns,
        pool: totals.pool + sum(others.slice(0, poolSize)),
        helpers: totals.helpers + sum(others.slice(poolSize)),
        server: totals.server + cpuSeconds(server.pid) - before.server,
        main: totals.main + mainThreadCpuSeconds(server.pid) - before.main,
        pg: totals.pg + postgresCpuSeconds() - before.pg,
        bench: totals.bench + cpuSeconds(process.pid) - before.bench,
      };
      // Let the sign-ins still in flight when the load stopped finish before the other side runs.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const raw = await measure('raw', async () => {
        if (!(await verify(stored, ADMIN.password))) throw new Error('verify failed');
      });
      const perSecond = signIns / load.duration;
      ratios.push(perSecond / raw.perSecond);
      rows.push({
        round,
        [`sign-ins/s (server, ${db.label})`]: perSecond.toFixed(1),
        'Argon2id verifies/s (raw, same parameters)': raw.perSecond.toFixed(1),
        ratio: (perSecond / raw.perSecond).toFixed(2),
      });
    }
    printTable(rows);
    console.log(
      `\nratio sign-ins / raw hashes, median of ${rounds} rounds: ${median(ratios).toFixed(2)} (target ≥ 0.8)`,
    );
    const ms = (s: number) => ((s * 1000) / totals.signIns).toFixed(1);
    console.log(
      `CPU per sign-in: server ${ms(totals.server)} ms (its main thread ${ms(totals.main)} ms: JavaScript, ` +
        `and PGlite when embedded; libuv's pool ${ms(totals.pool)} ms: Argon2id; V8's helper threads ` +
        `${ms(totals.helpers)} ms), PostgreSQL ${ms(totals.pg)} ms, load generator ${ms(totals.bench)} ms`,
    );
    console.log(
      `concurrency ${concurrency}, ${seconds} s per side per round, load average after: ${os.loadavg().map((l) => l.toFixed(2))}`,
    );
  } finally {
    await server.stop();
    await db.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
