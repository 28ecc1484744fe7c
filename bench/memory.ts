// Resident memory (VmRSS) of the idle built server after start, on PostgreSQL and on PGlite.
// Needs `npm run build`. Run: npm run bench:memory   (BENCH_IDLE_SECONDS=5)
import {
  type Scratch,
  printTable,
  requireBuild,
  rssMB,
  scratchPglite,
  scratchPostgres,
  serverEnv,
  serverMain,
  sleep,
  startChild,
} from './lib';

const idleMs = Number(process.env.BENCH_IDLE_SECONDS ?? 5) * 1000;
const TARGET_MB = 150;

async function idleRss(label: string, database: Scratch) {
  const server = await startChild(`server on ${label}`, serverMain, serverEnv(database));
  try {
    await sleep(idleMs);
    return { database: label, 'RSS MB': rssMB(server.pid).toFixed(0) };
  } finally {
    await server.stop();
  }
}

async function main() {
  requireBuild();
  console.log(`idle ${idleMs / 1000} s after /readyz answers, then VmRSS of the server process`);
  const rows: Record<string, string>[] = [];

  const postgres = await scratchPostgres('memory');
  try {
    rows.push({ ...(await idleRss('PostgreSQL', postgres)), target: `≤ ${TARGET_MB}` });
  } finally {
    await postgres.dispose();
  }

  // PGlite's first start runs initdb in the same process, which leaves a bigger heap behind than an
  // ordinary start on an existing data folder; both are reported.
  const pglite = await scratchPglite();
  try {
    rows.push({ ...(await idleRss('PGlite, first start (initdb)', pglite)), target: 'report' });
    rows.push({ ...(await idleRss('PGlite, restart on that data', pglite)), target: 'report' });
  } finally {
    await pglite.dispose();
  }

  console.log();
  printTable(rows);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
