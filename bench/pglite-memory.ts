// Which PGlite settings shrink the idle server's resident memory? Starts the built server on a
// fresh PGlite folder (first start, with initdb) and again on that folder (restart), per variant.
// The server is not changed: bench/pglite-options.mjs injects the settings into PGlite.create.
// Needs `npm run build`. Run: npm run bench:pglite-memory
import path from 'node:path';
import {
  printTable,
  requireBuild,
  root,
  rssMB,
  scratchPglite,
  serverEnv,
  serverMain,
  sleep,
  startChild,
} from './lib';

const idleMs = Number(process.env.BENCH_IDLE_SECONDS ?? 5) * 1000;
const preload = path.join(root, 'bench/pglite-options.mjs');

const variants: { name: string; settings: string[]; nodeArgs?: string[] }[] = [
  { name: 'defaults (shared_buffers=128MB)', settings: [] },
  { name: 'shared_buffers=32MB', settings: ['shared_buffers=32MB'] },
  { name: 'shared_buffers=16MB', settings: ['shared_buffers=16MB'] },
  { name: 'shared_buffers=8MB', settings: ['shared_buffers=8MB'] },
  {
    name: 'shared_buffers=16MB, node --liftoff-only',
    settings: ['shared_buffers=16MB'],
    nodeArgs: ['--liftoff-only'],
  },
];

async function main() {
  requireBuild();
  console.log(
    `VmRSS ${idleMs / 1000} s after /readyz; PostgreSQL settings passed as PGlite startParams (-c)`,
  );
  const rows: Record<string, string>[] = [];
  for (const variant of variants) {
    const database = await scratchPglite();
    const measure = async () => {
      const env = { ...serverEnv(database), BENCH_PGLITE_SETTINGS: variant.settings.join(',') };
      const server = await startChild('server', serverMain, env, {
        nodeArgs: ['--import', preload, ...(variant.nodeArgs ?? [])],
      });
      try {
        await sleep(idleMs);
        return rssMB(server.pid).toFixed(0);
      } finally {
        await server.stop();
      }
    };
    try {
      const first = await measure();
      const restart = await measure();
      rows.push({ variant: variant.name, 'first start MB': first, 'restart MB': restart });
    } finally {
      await database.dispose();
    }
  }
  console.log();
  printTable(rows);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
