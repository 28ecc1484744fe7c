// GET /api/v1.0/auth/me with a valid token, on PostgreSQL and on PGlite, beside a bare Fastify
// route returning a constant JSON body — all in one run, same machine, same load.
// Needs `npm run build`. Run: npm run bench:api   (BENCH_DURATION=10 BENCH_CONNECTIONS=50)
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  API,
  type Child,
  type Scratch,
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
const warmup = 3;

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections, duration: warmup, headers });
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx || result.errors) {
    console.warn(`  ! ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`, result.statusCodeStats);
  }
  return result;
}

type Target = { label: string; url: string; headers: Record<string, string> };

/** Starts the real server on a scratch database and signs in; the caller stops both. */
async function meTarget(database: Scratch): Promise<Target & { server: Child }> {
  const server = await startChild(`server on ${database.label}`, serverMain, serverEnv(database));
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(`${server.url}${API}/auth/me`, { headers });
  if (!check.ok) throw new Error(`GET auth/me on ${database.label} answered ${check.status}`);
  return { label: `GET auth/me, ${database.label}`, url: `${server.url}${API}/auth/me`, headers, server };
}

async function main() {
  requireBuild();
  console.log(`autocannon: ${connections} connections, ${duration} s per run (after ${warmup} s warm-up)`);
  // Other work on the machine skews every number; the load average says whether to trust them.
  console.log(`${os.cpus().length} CPUs, load average before: ${loadavg()}`);

  const databases = [await scratchPostgres('api'), await scratchPglite()];
  const children: Child[] = [];
  const rows: Record<string, string | number>[] = [];
  try {
    const bareServer = await startChild('bare fastify', path.join(root, 'bench/bare-server.mjs'), {});
    children.push(bareServer);
    const bare: Target = { label: 'bare Fastify, constant JSON', url: `${bareServer.url}/bare`, headers: {} };
    const targets: Target[] = [];
    for (const database of databases) {
      const target = await meTarget(database);
      children.push(target.server);
      targets.push(target);
    }

    // bare, target, bare, target, bare: each target is compared with the bare runs right before
    // and after it, so a burst of load elsewhere shows up as disagreeing bare figures.
    const run = async (target: Target) => {
      console.log(`  ${target.label} …`);
      const result = await load(target.url, target.headers);
      rows.push({
        target: target.label,
        'req/s (avg)': Math.round(result.requests.average),
        'p99 ms': result.latency.p99 ?? '',
        'non-2xx': result.non2xx,
        'ratio to bare': '',
      });
      return result.requests.average;
    };
    let before = await run(bare);
    for (const target of targets) {
      const rps = await run(target);
      const row = rows.at(-1)!;
      const after = await run(bare);
      row['ratio to bare'] = (rps / ((before + after) / 2)).toFixed(2);
      before = after;
    }
  } finally {
    for (const child of children) await child.stop();
    for (const database of databases) await database.dispose();
  }

  console.log();
  printTable(rows);
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
