import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Everything the Fastify server answers itself; the dev server forwards it there. */
const backend = 'http://localhost:3000';
const proxied = ['/api', '/sim', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react()],
  define: {
    // Production is a server setting (APP_ENV), not Vite's mode: the build is told explicitly.
    __APP_ENV__: JSON.stringify(process.env.APP_ENV ?? 'development'),
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
              priority: 2,
            },
            // What every form needs, Sign In first: @mantine/form and Mantine's inputs. Rolldown
            // also moves here the Mantine internals they share with the entry (Box, styles API,
            // Transition), so /login gets one file instead of eight fragments, which also
            // compresses better than the fragments did (decision 0010).
            {
              name: 'mantine-forms',
              test: /node_modules[\\/]@mantine[\\/](form[\\/]|core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon|Group|Anchor)[\\/])/,
              priority: 2,
            },
            // The rest of what the entry needs before the first screen: one request, not twenty.
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
