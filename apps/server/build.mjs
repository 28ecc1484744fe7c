// Bundles the server (and the contract package it imports) into dist/: main.js (the server) and
// the operator's commands ops.js (doctor, backup, restore). Dependencies stay external: they are
// installed by npm and some (argon2, pglite) ship native or WASM parts. The release (root
// package.json's version, the commit: PORTAL_COMMIT, else the work tree's HEAD) is written in, so the
// bundle reports it without git or the sources (an image has neither).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@portal/'));

function headCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return 'unknown';
  }
}
const release = { version: root.version, commit: process.env.PORTAL_COMMIT || headCommit() };

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    ops: new URL('./src/ops/main.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  define: { __PORTAL_RELEASE__: JSON.stringify(release) },
  logLevel: 'warning',
});
