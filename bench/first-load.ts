// What a browser receives, over the wire, to show /login and then to sign in and see Applications:
// every request Chromium finishes, sized as the server sent it (response headers + encoded body,
// Playwright's `request.sizes()` on `requestfinished`), grouped by type, against the budgets of
// issue 17. A fresh browser context, so the cache is cold.
// Needs `npm run build`. Run: npm run bench:first-load
import path from 'node:path';
import { chromium, type Page, type Request } from '@playwright/test';
import {
  ADMIN,
  printTable,
  requireBuild,
  root,
  scratchPglite,
  serverEnv,
  serverMain,
  startChild,
} from './lib';

const BUDGET_KB = { login: 150, signIn: 150 };
/** "Far fewer than 52": the count measured before issue 17. */
const REQUESTS_BEFORE = 52;
const TYPES = ['document', 'script', 'stylesheet', 'font', 'image', 'fetch', 'other'] as const;
type Type = (typeof TYPES)[number];
type Finished = { url: string; type: Type; bytes: number; body: number; encoding: string };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function typeOf(request: Request): Type {
  const type = request.resourceType();
  if (type === 'xhr' || type === 'fetch') return 'fetch';
  return (TYPES as readonly string[]).includes(type) ? (type as Type) : 'other';
}

/** Records every finished request of the page; `take()` hands over (and forgets) those so far. */
function recorder(page: Page) {
  let pending: Promise<Finished>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
        url: request.url(),
        type: typeOf(request),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        body: sizes.responseBodySize,
        encoding: (await response?.headerValue('content-encoding')) ?? '',
      })),
    );
  });
  return async () => {
    const taken = pending;
    pending = [];
    return Promise.all(taken);
  };
}

/** Quiet network, and still quiet after what the app loads when idle (the toasts' chunk) has come. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
}

function report(title: string, requests: Finished[], budgetKB: number) {
  console.log(`\n## ${title}\n`);
  printTable(
    [...requests]
      .sort((a, b) => b.bytes - a.bytes)
      .map((r) => {
        const url = new URL(r.url);
        return {
          request: (url.pathname + url.search).slice(0, 60),
          type: r.type,
          encoding: r.encoding || '—',
          'KB on the wire': kb(r.bytes),
        };
      }),
  );
  console.log('');
  const rows = TYPES.map((type) => {
    const ofType = requests.filter((r) => r.type === type);
    return { type, requests: ofType.length, 'KB on the wire': kb(ofType.reduce((s, r) => s + r.bytes, 0)) };
  }).filter((row) => row.requests > 0);
  const total = requests.reduce((s, r) => s + r.bytes, 0);
  printTable([...rows, { type: 'total', requests: requests.length, 'KB on the wire': kb(total) }]);
  const met = total / 1024 <= budgetKB;
  console.log(
    `\n${title}: ${kb(total)} KB in ${requests.length} requests — budget ≤ ${budgetKB} KB: ${met ? 'met' : 'NOT met'}`,
  );
  return { total, count: requests.length };
}

async function measure(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const take = recorder(page);

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await settled(page);
    const login = report('/login, cold', await take(), BUDGET_KB.login);

    // As a user does it: type the credentials (what the app prefetches meanwhile counts as
    // sign-in's), press Sign In, wait until Applications is drawn and the network is quiet.
    await page.getByLabel('Email or Username').pressSequentially(ADMIN.email, { delay: 30 });
    await page.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(ADMIN.password, {
      delay: 30,
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await page.getByText('Live Dispatch', { exact: true }).first().waitFor();
    await settled(page);
    const signIn = report('typing + Sign In → Applications drawn', await take(), BUDGET_KB.signIn);
    console.log(
      `\nrequests for sign-in → Applications: ${signIn.count} (before issue 17: ${REQUESTS_BEFORE})`,
    );
    return { login, signIn };
  } finally {
    await browser.close();
  }
}

async function main() {
  requireBuild(path.join(root, 'apps/web/dist/index.html'));
  const database = await scratchPglite();
  const server = await startChild('server', serverMain, serverEnv(database));
  try {
    await measure(server.url);
  } finally {
    await server.stop();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
