import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md stays true: its module table lists every module, its map of plugins/ and of
 * the app's decorations is complete, and its worked example is the code as it is (so it compiles and
 * passes the lint). Source files point readers at what they can read — docs/ and decisions — never
 * at an issue number.
 */
const ROOT = join(import.meta.dirname, '..');
const SERVER = join(ROOT, 'apps/server/src');
const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const named = (name: string) => architecture.includes(`\`${name}\``);

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const sources = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'),
  );

describe('docs/architecture.md', () => {
  it('lists every server module in the module table', () => {
    const rows = new Set([...architecture.matchAll(/^\| `([\w-]+)` +\|/gm)].map((m) => m[1]));
    expect(folders(join(SERVER, 'modules')).filter((module) => !rows.has(module))).toEqual([]);
  });

  it('names every cross-cutting plugin', () => {
    const plugins = sources(join(SERVER, 'plugins')).map((file) => `plugins/${file}`);
    expect(plugins.filter((file) => !named(file))).toEqual([]);
  });

  it('names every decoration of the app', () => {
    const decorated = ['app.ts', 'plugins', 'integrations', 'mail', 'modules']
      .flatMap((path) =>
        path.endsWith('.ts') ? [path] : sources(join(SERVER, path)).map((file) => join(path, file)),
      )
      .flatMap((file) => [...readFileSync(join(SERVER, file), 'utf8').matchAll(/\bdecorate\(\s*'(\w+)'/g)])
      .map((m) => m[1]!);
    expect([...new Set(decorated)].filter((name) => !named(name))).toEqual([]);
  });

  it('shows code that is in the repository, as it is there', () => {
    const examples = [...architecture.matchAll(/<!-- the code of (\S+) -->\n\s*```ts\n([\s\S]*?)\n *```/g)];
    expect(examples.length).toBeGreaterThan(0);
    const lines = (text: string) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n');
    for (const [, path, code] of examples)
      expect(lines(readFileSync(join(ROOT, path!), 'utf8')), path).toContain(lines(code!));
  });
});

describe('source files', () => {
  const tracked = execFileSync(
    'git',
    ['ls-files', 'apps', 'packages', 'e2e', 'bench', 'scripts', 'checks', '.ci'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|css|sh|json)$|^\.ci\//.test(file))
    // This file names what it refuses.
    .filter((file) => file !== 'checks/docs.test.ts');

  it.each([
    ['an issue number', /\bissues? ?#?\d+(\.\d+)?\b/i],
    ['STYLE.md', /STYLE\.md/],
  ])('never cite %s (cite docs/ or a decision instead)', (_what, pattern) => {
    const citing = tracked.filter((file) => pattern.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(citing).toEqual([]);
  });
});
