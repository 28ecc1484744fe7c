import type { Plugin } from 'vite';

/**
 * One import of a Mantine module answered by a smaller module of ours: `importer` (a path under
 * @mantine/core/esm/components) imports `source`, and gets `code` instead.
 */
type Redirect = { name: string; importer: RegExp; source: string; code: string };

const component = (path: string) =>
  new RegExp(
    `[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]${path.replace(/\//g, '[\\\\/]')}\\.mjs$`,
  );

/**
 * Parts of Mantine that the portal never draws but that come with what it draws, each ~1–11 KB
 * over the wire on the screens that load them (decision 0039):
 *
 * - `Table` brings `Table.ScrollContainer`, which scrolls through `ScrollArea` (custom scrollbars)
 *   and, through ScrollArea's ref helper, the whole floating-element library: on every table
 *   screen, for a sideways scroll a phone does natively. The container gets a plain element that
 *   scrolls (`overflow: auto`) and drops ScrollArea's own props; the rest (min width, max height,
 *   the inner element) is Mantine's.
 * - The `AppShell` sections import `react-remove-scroll` (the scroll lock of modals) only for
 *   the name of the class that keeps a fixed bar clear of the scrollbar while a modal is open:
 *   they get that name from its own constants. Modals still lock scrolling with the library.
 * - The `AppShell` sections draw a resize handle only when the shell is made resizable, which
 *   ours never is (app/layout/app-layout.tsx): the handle's module is left out.
 */
export const REDIRECTS: Redirect[] = [
  {
    name: 'table-native-scroll',
    importer: component('Table/TableScrollContainer'),
    source: '../ScrollArea/ScrollArea.mjs',
    code: `import { createElement, forwardRef } from 'react';
export const ScrollArea = forwardRef(function NativeScroll(props, ref) {
  const { offsetScrollbars, scrollbars, type, scrollHideDelay, scrollbarSize, viewportRef, viewportProps,
    onScrollPositionChange, onTopReached, onBottomReached, onLeftReached, onRightReached,
    overscrollBehavior, startScrollPosition, ...rest } = props;
  return createElement('div', { ...rest, ref, style: { ...rest.style, overflow: 'auto' } });
});`,
  },
  ...['Header', 'Aside', 'Footer'].map((section) => ({
    name: `app-shell-${section.toLowerCase()}-scroll-class`,
    importer: component(`AppShell/AppShell${section}/AppShell${section}`),
    source: 'react-remove-scroll',
    code: `import { zeroRightClassName, fullWidthClassName } from 'react-remove-scroll-bar/constants';
export const RemoveScroll = { classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName } };`,
  })),
  ...['Header', 'Navbar', 'Aside', 'Footer'].map((section) => ({
    name: `app-shell-${section.toLowerCase()}-resize-handle`,
    importer: component(`AppShell/AppShell${section}/AppShell${section}`),
    source: '../AppShellResizeHandle/AppShellResizeHandle.mjs',
    code: 'export const AppShellResizeHandle = () => null;',
  })),
];

const PREFIX = '\0portal:mantine-lean:';

/**
 * Answers the imports of REDIRECTS in the build. The dev server pre-bundles Mantine (no import of
 * it reaches a plugin), as for the styles (mantine-styles.ts): there the page gets all of it.
 */
export function mantineLean(): Plugin {
  const used = new Set<string>();
  return {
    name: 'portal:mantine-lean',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const redirect = REDIRECTS.find((r) => r.source === source && r.importer.test(importer));
      if (!redirect) return null;
      used.add(redirect.name);
      return PREFIX + redirect.name;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return REDIRECTS.find((r) => PREFIX + r.name === id)?.code ?? null;
    },
    buildEnd(error) {
      // A Mantine that no longer imports these modules this way would quietly bring them back
      // (mantine-lean.test.ts reads the installed Mantine for the same reason).
      const unused = REDIRECTS.filter((r) => !used.has(r.name)).map((r) => r.name);
      if (!error && unused.length) this.warn(`Mantine imports changed, not redirected: ${unused.join(', ')}`);
    },
  };
}
