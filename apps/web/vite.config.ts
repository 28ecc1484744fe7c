import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { mantineStyles } from './build/mantine-styles';
import { mantineLean } from './build/mantine-lean';

/**
 * The modules behind sign-in's first screen: the session, its layout, Applications, and the
 * screens' data prefetch (app/screen-data.ts: the reads every screen's loader starts, decision 0028).
 */
const SIGNED_IN_SHELL =
  /[\\/]src[\\/](app[\\/](session-root|require-auth|screen-data|layout[\\/])|features[\\/]applications[\\/])/;

/**
 * Parts of the shell's folders that load on demand, not with the shell: the account menu (on
 * intent) and the link-account modal (when opened), decision 0028.
 */
const ON_DEMAND = /[\\/](account-menu|link-account-modal)\.tsx$/;

/**
 * What the server-paged admin tables (Users, Audit log, NSBI Dashboards) draw with and nothing else
 * does: one file for them instead of ten of ~1 KB, each with its own response headers and round
 * trip (decision 0039).
 */
const ADMIN_TABLES =
  /[\\/](src[\\/]shared[\\/]ui[\\/](data-table[\\/]|(refresh-button|export-csv-button|search-input)\.tsx$)|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Pagination|LoadingOverlay|Skeleton|NativeSelect)[\\/])/;

const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Everything the Fastify server answers itself; the dev server forwards it there. */
const backend = 'http://localhost:3000';
const proxied = ['/api', '/sim', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [
    react(),
    mantineStyles(),
    mantineLean(),
    // Every text file of the build also as .br and .gz, at the strongest levels: compressed once
    // here, served as they are by the server (@fastify/static preCompressed, plugins/web.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|css|svg|json|txt)$/,
      threshold: 0,
    }),
  ],
  define: {
    // Production is a server setting (APP_ENV), not Vite's mode: the build is told explicitly.
    __APP_ENV__: JSON.stringify(process.env.APP_ENV ?? 'development'),
    // The release version for the dev server; a serving server says its own in index.html.
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // Which chunks each first screen needs: the server names them in the page (plugins/web.ts).
    manifest: true,
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // Inline scripts are blocked by the CSP (script-src 'self'); modulepreload polyfill is not needed
    // by the browsers we support and would be the only inline-ish helper.
    modulePreload: { polyfill: false },
    // Images stay image files: inlined as data URLs they would ride in the first-load JavaScript
    // (the NSBI logo on every page that never shows it) and be re-downloaded with every code change.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        // Lazy chunks by hash alone: every chunk's file name is written into the entry's preload
        // map, so a name like `report-details-page-…` costs first-load bytes (decision 0013).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // Needed by every screen: one long-cached file instead of a dozen fragments.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // The Mantine that /login draws with (the provider, the styles API, the sign-in form's
            // inputs and @mantine/form): it changes with Mantine's version, not with our code.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'], priority: 2 },
            // The rest of what the entry needs before the first screen: one request, not twenty.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // What signing in leads to: the session, the signed-in layout and Applications, with
            // everything they import that /login did not load (React Query, the Mantine parts,
            // icons), in one file that the sign-in form prefetches while the user types
            // (decision 0017). Other screens import from it what they share with the shell.
            { name: 'shell', test: (id: string) => SIGNED_IN_SHELL.test(id) && !ON_DEMAND.test(id) },
            { name: 'admin-tables', test: ADMIN_TABLES },
          ],
        },
      },
    },
  },
});
