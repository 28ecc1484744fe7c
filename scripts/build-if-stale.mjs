// `npm start` builds only when the build is missing or out of date: a fingerprint of everything the
// two builds read (sources, configs, lock file, and the environment the web build bakes in) is kept
// beside the server bundle, and a start whose fingerprint matches goes straight to `node`.
// Content, not modification times: a fresh clone or a `git checkout` touches every file.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web',
];
const skipped = new Set(['node_modules', 'dist', 'coverage']);
const isTest = (name) => /\.test\.tsx?$/.test(name);
const quiet = process.argv.includes('--quiet');
const outputs = ['apps/server/dist/main.js', 'apps/server/dist/ops.js', 'apps/web/dist/index.html'];
const stampFile = path.join(root, 'apps/server/dist/build-stamp.txt');

function* files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (skipped.has(entry.name) || isTest(entry.name)) continue;
    yield* files(path.join(relative, entry.name));
  }
}

function headCommit() {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return process.env.PORTAL_COMMIT || (result.status === 0 ? result.stdout.trim() : 'unknown');
}

function fingerprint() {
  const hash = createHash('sha256');
  // The web build reads APP_ENV (vite.config.ts); a build for another environment is not current.
  hash.update(`APP_ENV=${process.env.APP_ENV ?? ''}\n`);
  // The bundle reports its commit (/healthz, the footer): a new commit is a new build.
  hash.update(`commit=${headCommit()}\n`);
  for (const input of inputs) {
    for (const file of files(input)) hash.update(`${file}\n`).update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const wanted = fingerprint();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
if (built === wanted && outputs.every((file) => existsSync(path.join(root, file)))) {
  if (!quiet) console.log('build is current: starting without rebuilding');
} else {
  // --quiet (the operator's commands): build output to stderr, so theirs stays alone on stdout.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', quiet ? 2 : 'inherit', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${wanted}\n`);
}
