// GET /api/v1.0/auth/me with a valid token, on PostgreSQL and on PGlite, beside a bare Fastify
// route returning a constant JSON body — all in one run, same machine, same load.
// Needs `npm run build`. Run: npm run bench:api   (BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=5)
//
// On a small shared machine one 10-second run swings by ±20 % (the bare route alone has measured
// 38k–63k req/s within minutes), so the three targets are measured in five alternating rounds and the
// verdict is the median of the per-round ratios, each round's target set against that round's bare
// run. Every round is printed. The server's CPU time per request is printed too: it does not depend
// on how fast the load generator, which shares the CPUs, happens to be.
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  API,
  type Child,
  type Scratch,
  cpuSeconds,
  median,
  printTable,
  requireBuild,
  root,
  scratchPglite,
  scratchPostgres,
  serverEnv,
  serverMain,
  signIn,
  startChild,
} from './lib';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const warmup = 3;

type Target = { label: string; url: string; headers: Record<string, string>; pid: number };
type Run = { rps: number; p99: number; cpuMicros: number };

async function load(target: Target): Promise<Run> {
  const { url, headers } = target;
  await autocannon({ url, connections, duration: warmup, headers });
  const cpuBefore = cpuSeconds(target.pid);
  const result = await autocannon({ url, connections, duration, headers });
  const cpu = cpuSeconds(target.pid) - cpuBefore;
  if (result.non2xx || result.errors) {
    console.warn(`  ! ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`, result.statusCodeStats);
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99 ?? NaN,
    cpuMicros: (cpu / result.requests.total) * 1e6,
  };
}

/** Starts the real server on a scratch database and signs in; the caller stops both. */
async function meTarget(database: Scratch): Promise<Target & { server: Child }> {
  const server = await startChild(`server on ${database.label}`, serverMain, serverEnv(database));
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(`${server.url}${API}/auth/me`, { headers });
  if (!check.ok) throw new Error(`GET auth/me on ${database.label} answered ${check.status}`);
  const url = `${server.url}${API}/auth/me`;
  return { label: `GET auth/me, ${database.label}`, url, headers, pid: server.pid, server };
}

async function main() {
  requireBuild();
  console.log(
    `autocannon: ${connections} connections, ${duration} s per run (after ${warmup} s warm-up), ${rounds} rounds`,
  );
  // Other work on the machine skews every number; the load average says whether to trust them.
  console.log(`${os.cpus().length} CPUs, load average before: ${loadavg()}`);

  const databases = [await scratchPostgres('api'), await scratchPglite()];
  const children: Child[] = [];
  const rows: Record<string, string | number>[] = [];
  const ratios = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  try {
    const bareServer = await startChild('bare fastify', path.join(root, 'bench/bare-server.mjs'), {});
    children.push(bareServer);
    const bare: Target = {
      label: 'bare Fastify, constant JSON',
      url: `${bareServer.url}/bare`,
      headers: {},
      pid: bareServer.pid,
    };
    const targets: Target[] = [];
    for (const database of databases) {
      const target = await meTarget(database);
      children.push(target.server);
      targets.push(target);
    }

    for (let round = 1; round <= rounds; round++) {
      console.log(`round ${round}/${rounds} …`);
      const row = (target: Target, run: Run, ratio: string) => {
        rows.push({
          round,
          target: target.label,
          'req/s (avg)': Math.round(run.rps),
          'p99 ms': run.p99,
          'server CPU µs/req': run.cpuMicros.toFixed(1),
          'ratio to bare': ratio,
        });
        cpu.set(target.label, [...(cpu.get(target.label) ?? []), run.cpuMicros]);
      };
      const base = await load(bare);
      row(bare, base, '');
      for (const target of targets) {
        const run = await load(target);
        const ratio = run.rps / base.rps;
        ratios.set(target.label, [...(ratios.get(target.label) ?? []), ratio]);
        row(target, run, ratio.toFixed(2));
      }
    }
  } finally {
    for (const child of children) await child.stop();
    for (const database of databases) await database.dispose();
  }

  console.log();
  printTable(rows);
  console.log();
  for (const [label, values] of cpu) {
    const ratio = ratios.get(label);
    const verdict = ratio ? `   ratio to bare, median of ${ratio.length}: ${median(ratio).toFixed(2)}` : '';
    console.log(`${label.padEnd(28)} server CPU ${median(values).toFixed(1)} µs/req (median)${verdict}`);
  }
  console.log(`\nload average after: ${loadavg()}   target: ratio ≥ 0.50 on PostgreSQL`);
}

function loadavg() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
