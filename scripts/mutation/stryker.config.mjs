// StrykerJS over one target of scripts/mutation/targets.mjs, named by MUTATION_TARGET; run it
// through `npm run test:mutation` (scripts/mutation/run.mjs), which sets that and brings Node 22.
import { currentTarget } from './targets.mjs';

const target = currentTarget();
const name = target.name;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The repository's vitest projects with only the target's test files; each mutant runs only the
  // tests that reached it (perTest).
  vitest: { configFile: 'scripts/mutation/vitest.config.ts', related: false, pool: 'forks' },
  coverageAnalysis: 'perTest',
  mutate: target.mutate,
  // In place, not in a copy: the server imports the contract as @portal/contract, a workspace link
  // that would lead a copy back to the unmutated originals. Stryker puts the originals back when it
  // ends or is interrupted; after a hard kill, `git checkout` the target's files.
  inPlace: true,
  // Vitest does not type-check; in place, the default would write `// @ts-nocheck` into every file.
  disableTypeChecks: false,
  tempDirName: `.stryker-tmp/${name}`,
  // The machine may be shared: one test runner unless asked for more.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // Server tests wait on locks and bursts: a mutant times out only well past its normal run.
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  thresholds: { high: 90, low: 80, break: null },
};
