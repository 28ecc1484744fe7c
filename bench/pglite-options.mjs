// Preload for bench/pglite-memory.ts and bench/memory.ts only: makes the built server open PGlite
// with extra PostgreSQL settings (BENCH_PGLITE_SETTINGS="shared_buffers=16MB,max_connections=10")
// and/or another initial WebAssembly memory (BENCH_PGLITE_INITIAL_MEMORY_MB=64) without changing
// the server. Usage: node --import ./bench/pglite-options.mjs apps/server/dist/main.js
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const settings = (process.env.BENCH_PGLITE_SETTINGS ?? '').split(',').filter(Boolean);
const initialMemoryMB = Number(process.env.BENCH_PGLITE_INITIAL_MEMORY_MB ?? 0);
if (settings.length || initialMemoryMB) {
  const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
  // Resolve the ESM entry the server itself imports, so both share one module instance.
  const entry = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'index.js');
  const { PGlite } = await import(pathToFileURL(entry).href);
  const create = PGlite.create.bind(PGlite);
  const extra = {
    ...(settings.length && {
      startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
    }),
    ...(initialMemoryMB && { initialMemory: initialMemoryMB * 1024 * 1024 }),
  };
  // The bench's settings win over the server's own (it passes startParams too).
  PGlite.create = (dataDir, options = {}) =>
    typeof dataDir === 'object'
      ? create({ ...dataDir, ...extra })
      : create(dataDir, { ...options, ...extra });
}
