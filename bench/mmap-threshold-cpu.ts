// The server's CPU per request under two glibc mmap thresholds (decision 0047), paired: two servers
// on copies of one PGlite database with 10,000 seeded users, served in alternating 5-second slices
// (A B B A, then B A A B, …) of 16 connections asking auth/me, users pages and searches, audit log
// pages and BI projects; a burst elsewhere on the machine hits both alike. Printed: each slice's
// requests, then each threshold's CPU per request (all threads, and the main thread).
// Needs `npm run build`. Run: npx tsx bench/mmap-threshold-cpu.ts
//   (BENCH_THRESHOLDS=131072,32768 BENCH_ROUNDS=6 BENCH_CONNECTIONS=16)
import { cpSync } from 'node:fs';
import { API_PREFIX } from '@portal/contract';
import { openDatabase } from '../apps/server/src/db/client';
import {
  cpuSeconds,
  mainThreadCpuSeconds,
  requireBuild,
  scratchPglite,
  serverEnv,
  serverMain,
  signIn,
  startChild,
} from './lib';
import { seedUsers } from './seed-users';

const thresholds = (process.env.BENCH_THRESHOLDS ?? '131072,32768').split(',');
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const sliceMs = 5000;
const names = ['Anna', 'ben', 'Carla M', 'da', 'example-4', 'Olga P', 'sven.', 'Tara'];

/** The n-th request's path: a third auth/me, the rest reads of the admin screens. */
const pathOf = (n: number) =>
  [
    'auth/me',
    'auth/me',
    `users?page=${1 + ((n * 7919) % 400)}&paginate=25&sortColumn=name&sortDirection=asc`,
    `users?search=${encodeURIComponent(names[n % names.length]!)}&paginate=25`,
    `audit-log?page=${1 + (n % 20)}&paginate=25`,
    'dundas-bi/project/all',
  ][n % 6]!;

async function main() {
  requireBuild();
  const first = await scratchPglite();
  await (await startChild('server', serverMain, serverEnv(first))).stop();
  const seeding = await openDatabase({ dataDir: first.env.DATA_DIR! });
  await seedUsers(seeding, 10_000);
  await seeding.close();
  const copy = await scratchPglite();
  cpSync(first.env.DATA_DIR!, copy.env.DATA_DIR!, { recursive: true });
  const sides = await Promise.all(
    [first, copy].map(async (database, i) => {
      const env = { ...serverEnv(database), MALLOC_MMAP_THRESHOLD_: thresholds[i]! };
      const child = await startChild(`server ${thresholds[i]}`, serverMain, env);
      return { threshold: thresholds[i]!, child, token: await signIn(child.url), n: 0, all: 0, main: 0 };
    }),
  );
  type Side = (typeof sides)[number];

  async function slice(side: Side) {
    const end = Date.now() + sliceMs;
    let n = 0;
    const cpu = { all: cpuSeconds(side.child.pid), main: mainThreadCpuSeconds(side.child.pid) };
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          const response = await fetch(`${side.child.url}${API_PREFIX}/${pathOf(n++)}`, {
            headers: { authorization: `Bearer ${side.token}`, 'accept-encoding': 'gzip, deflate, br' },
          });
          await response.arrayBuffer();
        }
      }),
    );
    side.n += n;
    side.all += cpuSeconds(side.child.pid) - cpu.all;
    side.main += mainThreadCpuSeconds(side.child.pid) - cpu.main;
    return `${side.threshold}:${n}`;
  }

  try {
    // A warm-up slice each (compilation, caches), not counted.
    for (const side of sides) await slice(side);
    for (const side of sides) Object.assign(side, { n: 0, all: 0, main: 0 });
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [1, 0, 0, 1] : [0, 1, 1, 0];
      const served: string[] = [];
      for (const i of order) served.push(await slice(sides[i]!));
      console.log(`round ${round + 1}: ${served.join(' ')}`);
    }
    for (const side of sides) {
      const µs = (seconds: number) => ((seconds / side.n) * 1e6).toFixed(0);
      console.log(
        `MALLOC_MMAP_THRESHOLD_=${side.threshold}: ${side.n} requests, CPU ${µs(side.all)} µs a request (main thread ${µs(side.main)} µs)`,
      );
    }
  } finally {
    for (const side of sides) await side.child.stop();
    await first.dispose();
    await copy.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
