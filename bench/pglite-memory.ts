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

type Variant = { name: string; settings: string[]; initialMemoryMB?: number; nodeArgs?: string[] };
const variants: Variant[] = [
  { name: 'as the server is (shared_buffers=16MB)', settings: [] },
  { name: 'shared_buffers=128MB (PGlite default)', settings: ['shared_buffers=128MB'] },
  { name: 'shared_buffers=8MB', settings: ['shared_buffers=8MB'] },
  { name: 'initial WASM memory 64 MB', settings: [], initialMemoryMB: 64 },
  { name: 'initial WASM memory 32 MB', settings: [], initialMemoryMB: 32 },
  {
    name: 'initial 32 MB, node --liftoff-only',
    settings: [],
    initialMemoryMB: 32,
    nodeArgs: ['--liftoff-only'],
  },
  {
    name: 'initial 32 MB, node --max-semi-space-size=4',
    settings: [],
    initialMemoryMB: 32,
    nodeArgs: ['--max-semi-space-size=4'],
  },
];

async function main() {
  requireBuild();
  console.log(
    `VmRSS ${idleMs / 1000} s after /readyz; PostgreSQL settings passed as PGlite startParams (-c), the initial memory as PGlite's initialMemory`,
  );
  const rows: Record<string, string>[] = [];
  for (const variant of variants) {
    const database = await scratchPglite();
    const measure = async () => {
      const env = {
        ...serverEnv(database),
        BENCH_PGLITE_SETTINGS: variant.settings.join(','),
        BENCH_PGLITE_INITIAL_MEMORY_MB: String(variant.initialMemoryMB ?? ''),
      };
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
