// How much JavaScript a browser downloads to show /login, gzipped. Loads the page in Chromium
// against the built server and counts every script response (entry, preloads and lazy route
// chunks alike); also lists what index.html references statically, for comparison.
// Needs `npm run build`. Run: npm run bench:bundle
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { printTable, requireBuild, root, scratchPglite, serverEnv, serverMain, startChild } from './lib';

const TARGET_KB = 150;
const webDist = path.join(root, 'apps/web/dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
// Level 9 is what a build-time pre-compression step would use; Vite's report uses the same.
const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** Scripts and module preloads named by index.html: what the browser fetches before any code runs. */
function staticEntry(): string[] {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  return [...new Set(urls)];
}

async function loadedByBrowser(baseUrl: string): Promise<{ url: string; body: Buffer }[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const pending: Promise<{ url: string; body: Buffer } | undefined>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const isJs = type === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
      if (isJs)
        pending.push(
          response.body().then(
            (body) => ({ url: response.url(), body }),
            () => undefined,
          ),
        );
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    // The sign-in form is rendered: every chunk /login needs has arrived.
    await page.getByRole('heading', { name: 'Sign In' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    return (await Promise.all(pending)).filter((x) => x !== undefined);
  } finally {
    await browser.close();
  }
}

async function main() {
  requireBuild(path.join(webDist, 'index.html'));
  const database = await scratchPglite();
  const server = await startChild('server', serverMain, serverEnv(database));
  try {
    const scripts = await loadedByBrowser(server.url);
    const entry = new Set(staticEntry());
    const rows = scripts
      .map(({ url, body }) => ({ path: new URL(url).pathname, raw: body.length, gzip: gzipBytes(body) }))
      .sort((a, b) => b.gzip - a.gzip);
    printTable(
      rows.map((r) => ({
        'script loaded for /login': r.path,
        'in index.html': entry.has(r.path) ? 'yes' : 'lazy',
        'raw KB': kb(r.raw),
        'gzip KB': kb(r.gzip),
      })),
    );
    const total = rows.reduce((sum, r) => sum + r.gzip, 0);
    const raw = rows.reduce((sum, r) => sum + r.raw, 0);
    const entryOnly = rows.filter((r) => entry.has(r.path)).reduce((sum, r) => sum + r.gzip, 0);
    console.log(
      `\n${rows.length} scripts, ${kb(raw)} KB raw, ${kb(total)} KB gzipped ` +
        `(index.html's own: ${kb(entryOnly)} KB) — target ≤ ${TARGET_KB} KB: ${total / 1024 <= TARGET_KB ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.stop();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
