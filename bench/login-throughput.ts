// Sign-ins per second against raw Argon2id verifications per second with the same parameters,
// measured in one run on this machine (issue 4: target ratio ≥ 0.8). Needs `npm run build`.
//   npx tsx bench/login-throughput.ts      (BENCH_SECONDS, BENCH_CONCURRENCY override)
//
// The sign-in load comes from autocannon (as in api.ts), not fetch: on a small machine the load
// generator shares the CPUs with the server and its database, and undici's fetch costs ~1.5 ms of CPU
// per request, which would be charged to the server. The CPU split printed at the end says where the
// time of a sign-in went (server process, PostgreSQL backends, this process).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import {
  ADMIN,
  API,
  printTable,
  requireBuild,
  scratchPostgres,
  serverEnv,
  serverMain,
  startChild,
} from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Enough in flight to keep libuv's 4 Argon2 threads busy on either side.
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
// lib/passwords.ts: OWASP Argon2id m=19 MiB, t=2, p=1.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // gone meanwhile (a PostgreSQL backend that ended)
  }
}
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
  console.log(`${os.cpus().length} CPUs, load average before: ${os.loadavg().map((l) => l.toFixed(2))}`);
  const db = await scratchPostgres('login');
  const server = await startChild('server', serverMain, serverEnv(db));
  try {
    await signInLoad(server.url, 3); // warm-up: JIT, pool connections, prepared statements
    const cpuBefore = {
      server: cpuSeconds(server.pid),
      pg: postgresCpuSeconds(),
      bench: cpuSeconds(process.pid),
    };
    const load = await signInLoad(server.url, seconds);
    const signIns = load['2xx'];
    const cpu = {
      server: cpuSeconds(server.pid) - cpuBefore.server,
      pg: postgresCpuSeconds() - cpuBefore.pg,
      bench: cpuSeconds(process.pid) - cpuBefore.bench,
    };
    const logins = {
      label: 'POST auth/login (server, PostgreSQL)',
      operations: signIns,
      perSecond: signIns / load.duration,
    };

    const stored = await hash(ADMIN.password, OPTIONS);
    const raw = await measure('Argon2id verify (raw, same parameters)', async () => {
      if (!(await verify(stored, ADMIN.password))) throw new Error('verify failed');
    });
    printTable(
      [logins, raw].map((r) => ({ what: r.label, ops: r.operations, 'per second': r.perSecond.toFixed(1) })),
    );
    console.log(
      `\nratio sign-ins / raw hashes: ${(logins.perSecond / raw.perSecond).toFixed(2)} (target ≥ 0.8)`,
    );
    const ms = (s: number) => ((s * 1000) / signIns).toFixed(1);
    console.log(
      `CPU per sign-in: server ${ms(cpu.server)} ms, PostgreSQL ${ms(cpu.pg)} ms, load generator ${ms(cpu.bench)} ms` +
        ` (one raw verify: ${((os.cpus().length * 1000) / raw.perSecond).toFixed(1)} ms of CPU when the cores are saturated)`,
    );
    console.log(
      `concurrency ${concurrency}, ${seconds} s each, load average after: ${os.loadavg().map((l) => l.toFixed(2))}`,
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
