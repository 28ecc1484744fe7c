// GET /api/v1.0/auth/me with a valid token, on PostgreSQL and on PGlite, beside a bare Fastify
// route returning a constant JSON body — all in one run, same machine, same load.
// Needs `npm run build`. Run: npm run bench:api   (BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=3)
//
// On a small shared machine one 10-second run swings by ±20 % (the bare route alone has measured
// 38k–63k req/s within minutes), and such a swing lasts seconds to minutes — long enough to land on
// one side of a comparison. So each comparison is paired: the target's 10 s and the bare route's
// 10 s are served as alternating 2-second slices (bare, target, target, bare, bare, …), and a burst
// elsewhere on the machine hits both sides alike. That is repeated in rounds; the verdict is the
// median of the rounds' ratios, and every round is printed. The server's CPU time per request is
// printed too: it does not depend on the speed of the load generator, which shares the CPUs.
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
  nodeTuningEnv,
  serverEnv,
  serverMain,
  signIn,
  startChild,
} from './lib';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const slices = 5;
const warmup = 3;
// autocannon ends a run on its 1-second sample tick: slices must be whole seconds to last as long as asked.
const sliceSeconds = duration / slices;
if (!Number.isInteger(sliceSeconds))
  throw new Error(`BENCH_DURATION must be a multiple of ${slices} seconds`);

/** What Chromium sends, on http as on https. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

type Target = { label: string; url: string; headers: Record<string, string>; pid: number };
/** One side of a comparison, summed over its slices. */
type Side = { answered: number; seconds: number; cpu: number; worstP99: number; failed: number };

const emptySide = (): Side => ({ answered: 0, seconds: 0, cpu: 0, worstP99: 0, failed: 0 });

async function slice(target: Target, side: Side, seconds: number) {
  const { url, headers } = target;
  const cpuBefore = cpuSeconds(target.pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  side.cpu += cpuSeconds(target.pid) - cpuBefore;
  // Only successful answers count: a target failing fast must not look fast.
  side.answered += result['2xx'];
  side.failed += result.non2xx + result.errors;
  side.seconds += result.duration;
  side.worstP99 = Math.max(side.worstP99, result.latency.p99 ?? Infinity);
  if (result.non2xx || result.errors) {
    console.warn(`  ! ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`, result.statusCodeStats);
  }
}

/** `duration` seconds of load on each of bare and target, as alternating slices. */
async function compare(bare: Target, target: Target): Promise<[Side, Side]> {
  await autocannon({ url: bare.url, connections, duration: warmup, headers: bare.headers });
  await autocannon({ url: target.url, connections, duration: warmup, headers: target.headers });
  const sides: [Side, Side] = [emptySide(), emptySide()];
  for (let i = 0; i < slices; i++) {
    // Who goes first alternates too, so a steady drift does not always favour the same side.
    const order = i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const k of order) await slice(k === 0 ? bare : target, sides[k], sliceSeconds);
  }
  return sides;
}

const perSecond = (side: Side) => side.answered / side.seconds;
const cpuMicros = (side: Side) => (side.cpu / side.answered) * 1e6;

/** Starts the real server on a scratch database and signs in; the caller stops both. */
async function meTarget(database: Scratch): Promise<Target & { server: Child }> {
  const server = await startChild(`server on ${database.label}`, serverMain, serverEnv(database));
  const token = await signIn(server.url);
  // As a browser asks: a compressor that weighed every tiny answer would show here (decision 0017).
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const url = `${server.url}${API}/auth/me`;
  const check = await fetch(url, { headers });
  if (!check.ok) throw new Error(`GET auth/me on ${database.label} answered ${check.status}`);
  if (check.headers.get('content-encoding'))
    throw new Error(
      `GET auth/me came ${check.headers.get('content-encoding')}-compressed: too small for that`,
    );
  return { label: `GET auth/me, ${database.label}`, url, headers, pid: server.pid, server };
}

async function main() {
  requireBuild();
  console.log(
    `autocannon: ${connections} connections, ${duration} s per side in ${slices} alternating slices (after ${warmup} s warm-up), ${rounds} rounds`,
  );
  // Other work on the machine skews every number; the load average says whether to trust them.
  console.log(`${os.cpus().length} CPUs, load average before: ${loadavg()}`);

  const databases = [await scratchPostgres('api'), await scratchPglite()];
  const children: Child[] = [];
  const rows: Record<string, string | number>[] = [];
  const ratios = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  try {
    const bareServer = await startChild(
      'bare fastify',
      path.join(root, 'bench/bare-server.mjs'),
      nodeTuningEnv(),
    );
    children.push(bareServer);
    const bare: Target = {
      label: 'bare Fastify, constant JSON',
      url: `${bareServer.url}/bare`,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
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
      for (const target of targets) {
        const sides = await compare(bare, target);
        const ratio = perSecond(sides[1]) / perSecond(sides[0]);
        ratios.set(target.label, [...(ratios.get(target.label) ?? []), ratio]);
        sides.forEach((side, i) => {
          const label = i === 0 ? bare.label : target.label;
          rows.push({
            round,
            target: label,
            'req/s (2xx)': Math.round(perSecond(side)),
            seconds: side.seconds.toFixed(1),
            'p99 ms (worst slice)': side.worstP99,
            'server CPU µs/req': cpuMicros(side).toFixed(1),
            failed: side.failed,
            'ratio to bare': i === 0 ? '' : ratio.toFixed(2),
          });
          cpu.set(label, [...(cpu.get(label) ?? []), cpuMicros(side)]);
        });
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
  console.log(
    '(server CPU is the server process alone: it includes PGlite, which runs inside it, but not the ' +
      'PostgreSQL backends)',
  );
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
