// A production server with external systems configured (docs/operations.md "Configure"): every link
// of the sidebar and of the pages it opens leads somewhere, none to "Not found.", and API Docs is
// not offered while the docs UI is off. The external systems are the simulators the journeys' own
// server mounts, reached by URL as a real LD, TS and BI server would be.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './fixtures';

const PORT = E2E_PORT + 1;
const PRODUCTION = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'prod-admin@example.com', password: 'prod-admin-secret' };

let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A first start makes its PGlite database: slow on a busy machine.
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-production-'));
  server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../apps/server/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      ENV_FILE: '',
      APP_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      APP_URL: PRODUCTION,
      APP_KEY: 'e'.repeat(64),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The journeys' mail sink (e2e/start-server.ts) listens two ports below theirs.
      SMTP_URL: `smtp://127.0.0.1:${E2E_PORT - 2}`,
      LD_URL: `${BASE_URL}/sim/ld`,
      TS_URL: `${BASE_URL}/sim/ts`,
      BI_URL: `${BASE_URL}/sim/bi`,
      BI_PUBLIC_URL: `${BASE_URL}/sim/bi`,
      BI_SERVICE_PASSWORD: 'BiService#2024',
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 400; i++) {
    const ready = await fetch(`${PRODUCTION}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the production server did not get ready');
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('in production with external systems, no link opens a "Not found." page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${PRODUCTION}/login`);
  await page.getByLabel('Email or Username').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Applications' })).toBeVisible();

  // The run-time links: the configured BI server's designer; no API Docs (docs UI off in production).
  await expect(nav.getByRole('link', { name: /BI Designer/ })).toHaveAttribute('href', `${BASE_URL}/sim/bi/`);
  await expect(nav.getByRole('link', { name: /API Docs/ })).toHaveCount(0);

  const hrefsOf = async (scope: string) =>
    page.locator(`${scope} a[href]`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const pages = [...new Set(await hrefsOf('nav'))].filter((href) => href.startsWith(PRODUCTION));
  const checked = new Set<string>();
  const problems: string[] = [];

  // Each page of the sidebar, and every link on it: pages of the app are visited, the rest fetched.
  for (const href of pages) {
    await page.goto(href);
    await expect(page.getByRole('main')).toBeVisible();
    if (page.url().endsWith('/404') || (await page.getByText('Not found.', { exact: true }).isVisible()))
      problems.push(`${href}: not found`);
    checked.add(href);
    for (const link of await hrefsOf('main')) {
      if (checked.has(link) || link.startsWith('mailto:')) continue;
      checked.add(link);
      const res = await page.request.get(link);
      const body = (await res.text()).slice(0, 4000);
      if (res.status() >= 400 || body.includes('Not found.'))
        problems.push(`${link} (on ${href}): ${res.status()}`);
    }
  }
  for (const link of (await hrefsOf('nav')).filter((href) => !href.startsWith(PRODUCTION))) {
    const res = await page.request.get(link);
    if (res.status() >= 400) problems.push(`${link}: ${res.status()}`);
  }
  expect(problems).toEqual([]);
  expect(checked.size).toBeGreaterThan(10);
});
