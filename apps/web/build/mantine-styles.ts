import type { Plugin } from 'vite';

const MANTINE_CORE = /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/].+\.mjs$/;
/** `import X_module_default from "../X.module.mjs"`: a module drawing component X with its class names. */
const CLASS_NAMES_IMPORT = /from\s*["'](?:\.\.?\/)+(?:[\w-]+\/)*(\w+)\.module\.mjs["']/g;
/** MantineProvider's `import "./baseline.mjs"` and `"./global.mjs"`: the base, compiled away. */
const BASE_IMPORT = /import\s*["']\.\/(baseline|global)\.mjs["'];?/g;

/**
 * Puts back the stylesheet imports Mantine's build compiles away, so each chunk brings the
 * Mantine CSS it draws with (decision 0017): /login loads the sign-in form's share, every other
 * screen the rest it needs when it is loaded, instead of all of Mantine's 240 KB up front.
 *
 * Mantine ships its rules apart from its code: one stylesheet per component (`styles/X.css`)
 * and the base (reset, default theme variables, global classes). In the code, each component's
 * CSS module became a map of class names (`X.module.mjs`) and the provider's base imports empty
 * modules. So:
 * - a Mantine module that imports the class names of component X also imports `styles/X.css`,
 *   appended after its own imports: a component's rules follow those of the components it is
 *   built from (Button after UnstyledButton), as in Mantine's single stylesheet;
 * - MantineProvider imports the base stylesheets where it imported the empty modules: the first
 *   Mantine rules of the first chunk, before any component's. Not the default theme's variables
 *   (`default-css-variables.css`, 27 KB): the provider writes all of them itself
 *   (`deduplicateCssVariables={false}` in app/providers.tsx).
 * The dev server pre-bundles Mantine (no transform reaches it): there the page gets Mantine's
 * whole stylesheet, as before.
 */
export function mantineStyles(): Plugin[] {
  const build: Plugin = {
    name: 'portal:mantine-styles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MANTINE_CORE.test(id)) return null;
      const withBase = code.replace(
        BASE_IMPORT,
        (_, name: string) => `import '@mantine/core/styles/${name}.css';`,
      );
      const components = new Set([...code.matchAll(CLASS_NAMES_IMPORT)].map((m) => m[1]!));
      if (components.size === 0 && withBase === code) return null;
      const imports = [...components].map((name) => `import '@mantine/core/styles/${name}.css';`);
      return { code: [withBase, ...imports].join('\n'), map: null };
    },
  };
  const serve: Plugin = {
    name: 'portal:mantine-styles-dev',
    apply: 'serve',
    // 'pre': before Vite's own HTML processing, which then resolves the bare import.
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        { tag: 'script', attrs: { type: 'module' }, children: "import '@mantine/core/styles.css';" },
      ],
    },
  };
  return [build, serve];
}
