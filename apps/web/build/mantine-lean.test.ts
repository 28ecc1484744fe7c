import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDIRECTS, mantineLean } from './mantine-lean';

const require = createRequire(import.meta.url);
const main = require.resolve('@mantine/core');
const esm = path.join(
  main.slice(0, main.lastIndexOf(`${path.sep}@mantine${path.sep}core${path.sep}`)),
  '@mantine/core/esm',
);
const plugin = mantineLean();
const resolveId = (source: string, importer: string) =>
  (plugin.resolveId as (source: string, importer: string) => string | null)(source, importer);
const load = (id: string) => (plugin.load as (id: string) => string | null)(id);

describe('the Mantine modules left out of the build', () => {
  it.each(REDIRECTS.map((r) => [r.name, r] as const))(
    '%s: the installed Mantine still imports what is redirected',
    (_, redirect) => {
      const file = ['Table/TableScrollContainer', 'AppShell/AppShellHeader/AppShellHeader']
        .concat(['Navbar', 'Aside', 'Footer'].map((s) => `AppShell/AppShell${s}/AppShell${s}`))
        .map((p) => path.join(esm, 'components', `${p}.mjs`))
        .find((p) => redirect.importer.test(p))!;
      expect(readFileSync(file, 'utf8')).toContain(`from "${redirect.source}"`);
      const id = resolveId(redirect.source, file);
      expect(id).not.toBeNull();
      expect(load(id!)).toBe(redirect.code);
    },
  );

  it('leaves the same import from anywhere else alone', () => {
    expect(resolveId('react-remove-scroll', path.join(esm, 'components/ModalBase/ModalBase.mjs'))).toBeNull();
    expect(
      resolveId('../ScrollArea/ScrollArea.mjs', path.join(esm, 'components/Select/Select.mjs')),
    ).toBeNull();
  });

  it('keeps the class name that holds fixed bars clear of the scrollbar', async () => {
    const constants = (await import('react-remove-scroll-bar/constants')) as { zeroRightClassName: string };
    const { RemoveScroll } = (await import('react-remove-scroll')) as {
      RemoveScroll: { classNames: { zeroRight: string } };
    };
    expect(RemoveScroll.classNames.zeroRight).toBe(constants.zeroRightClassName);
  });
});
