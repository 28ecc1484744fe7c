import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

/**
 * Every plugin declares what it uses (docs/architecture.md "The module recipe"): each app decoration
 * its files read is in fastify-plugin's `decorators` (Fastify refuses to start without it), and the
 * plugin that makes that decoration is in its `dependencies` — so nothing works only because of the
 * order of modules/index.ts. Read from the source, so a new `app.x` in any file of a plugin counts.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

type Meta = { name: string; dependencies?: string[]; decorators?: { fastify?: string[] } };
type Plugin = { meta: Meta; files: string[] };

const sourceFiles = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((entry) => sourceFiles(join(path, entry)))
    : path.endsWith('.ts') && !path.endsWith('.test.ts')
      ? [path]
      : [];

async function pluginOf(file: string, files: string[]): Promise<Plugin> {
  const exports = Object.values(await import(file)) as Array<Record<symbol, Meta | undefined>>;
  const metas = exports.map((value) => value?.[Symbol.for('plugin-meta')]).filter((meta) => meta);
  expect(metas, `${relative(SRC, file)} exports one named plugin`).toHaveLength(1);
  return { meta: metas[0]!, files };
}

/** Every plugin.ts under modules/, with the files of its folder, less those of plugins in sub-folders. */
function modulePlugins(): Array<{ file: string; files: string[] }> {
  const dirs = readdirSync(join(SRC, 'modules'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('/plugin.ts'))
    .map((file) => join(SRC, 'modules', dirname(file)));
  return dirs.map((dir) => ({
    file: join(dir, 'plugin.ts'),
    files: sourceFiles(dir).filter(
      (file) => !dirs.some((other) => other !== dir && other.startsWith(dir) && file.startsWith(`${other}/`)),
    ),
  }));
}

async function allPlugins(): Promise<Plugin[]> {
  return Promise.all([
    ...modulePlugins().map(({ file, files }) => pluginOf(file, files)),
    pluginOf(join(SRC, 'integrations/plugin.ts'), sourceFiles(join(SRC, 'integrations'))),
    pluginOf(join(SRC, 'mail/mailer.ts'), sourceFiles(join(SRC, 'mail'))),
    ...['metrics', 'tracing'].map((name) => {
      const file = join(SRC, `plugins/${name}.ts`);
      return pluginOf(file, [file]);
    }),
  ]);
}

/** Names read off the app: `app.x` and `const { x, y } = app`. */
function usedDecorations(source: string): Set<string> {
  const names = new Set([...source.matchAll(/\bapp\.(\w+)/g)].map((m) => m[1]!));
  for (const m of source.matchAll(/const \{([^}]+)\} = app\b(?!\.)/g))
    for (const part of m[1]!.split(',')) names.add(part.split(':')[0]!.trim());
  return names;
}
const madeDecorations = (source: string) =>
  new Set([...source.matchAll(/\bdecorate\(\s*'(\w+)'/g)].map((m) => m[1]!));

describe('plugin declarations', async () => {
  const plugins = await allPlugins();
  const fastify = Fastify();
  const fastifyOwn = (name: string) => name in fastify;
  const owner = new Map<string, string>();
  for (const { meta, files } of plugins)
    for (const file of files)
      for (const name of madeDecorations(readFileSync(file, 'utf8'))) owner.set(name, meta.name);

  it.each(plugins.map((plugin) => [plugin.meta.name, plugin] as const))(
    '%s declares every decoration it uses, and depends on the plugin that makes it',
    (_name, { meta, files }) => {
      const source = files.map((file) => readFileSync(file, 'utf8')).join('\n');
      const own = madeDecorations(source);
      const used = [...usedDecorations(source)].filter((name) => !fastifyOwn(name) && !own.has(name)).sort();
      expect(meta.decorators?.fastify?.slice().sort() ?? []).toEqual(used);
      const needed = used.flatMap((name) => (owner.has(name) ? [owner.get(name)!] : []));
      for (const plugin of new Set(needed)) expect(meta.dependencies ?? []).toContain(plugin);
    },
  );

  it('knows where each decoration comes from (a plugin, or buildApp)', () => {
    const fromBuildApp = madeDecorations(readFileSync(join(SRC, 'app.ts'), 'utf8'));
    for (const { meta } of plugins)
      for (const name of meta.decorators?.fastify ?? [])
        expect(owner.has(name) || fromBuildApp.has(name), `${meta.name} uses ${name}`).toBe(true);
  });
});
