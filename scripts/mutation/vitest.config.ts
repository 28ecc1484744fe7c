// The repository's vitest projects (vitest.config.ts) narrowed to one target's test files, for
// StrykerJS. Not its `testFiles` option: with it StrykerJS 10.1 activates a mutant of module-level
// code only after the module has loaded, so every such mutant "survives" (github.com/stryker-mutator/stryker-js/issues/6144).
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../../vitest.config';
import { currentTarget } from './targets.mjs';

const repo = path.resolve(import.meta.dirname, '../..');
const target = currentTarget();

const projects = (base.test?.projects ?? [])
  .filter((project): project is TestProjectInlineConfiguration => typeof project === 'object')
  .map((project) => {
    const root = path.resolve(repo, project.test?.root ?? '.');
    const include = target.testFiles
      .map((file) => path.relative(root, path.resolve(repo, file)))
      .filter((file) => !file.startsWith('..'));
    return { ...project, test: { ...project.test, root, include } };
  })
  .filter((project) => project.test.include.length > 0);

export default defineConfig({ test: { projects } });
