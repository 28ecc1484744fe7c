// What a browser receives, over the wire, to show /login and then to sign in and see Applications:
// every request Chromium finishes, sized as the server sent it (response headers + encoded body,
// Playwright's `request.sizes()` on `requestfinished`), grouped by type, against the budgets of
// docs/decisions/0017-first-load-over-the-wire.md. A fresh browser context, so the cache is cold.
// Needs `npm run build`. Run: npm run bench:first-load
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page, type Request } from '@playwright/test';
import {
  printTable,
  requireBuild,
  root,
  scratchPglite,
  serverEnv,
  serverMain,
  startChild,
  loadAverage,
} from './lib';
import { FLOW_USER, WARM_ORDER, prepareSignedInScreens, type SignedInScreen } from './screens';

const BUDGET_KB = { login: 150, signIn: 150, screen: 170 };
/** A screen's data drawn this soon after the click that opens it, in a warm session. */
const WARM_TARGET_MS = 100;
/** How long the pointer rests on a link before the click (a person's hover, not a script's). */
const DWELL_MS = Number(process.env.BENCH_DWELL_MS ?? 200);
/** "Far fewer than 52": the count measured before decision 0017. */
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

/**
 * The page's requests in flight, not counting its realtime stream (an EventSource stays open
 * for as long as the page does: Playwright's own `networkidle` never comes while it is).
 */
function inFlight(page: Page) {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

const quietPages = new WeakMap<Page, Set<Request>>();

/** No request in flight for 500 ms (at most 30 s; what is still in flight then is said). */
async function quiet(page: Page) {
  const pending = quietPages.get(page)!;
  const deadline = Date.now() + 30_000;
  let quietSince = pending.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
  }
  console.log(`still in flight after 30 s: ${[...pending].map((r) => r.url()).join(', ')}`);
}

/** Quiet network, and still quiet after what the app loads when idle (the toasts' chunk) has come. */
async function settled(page: Page) {
  await quiet(page);
  await page.waitForTimeout(2000);
  await quiet(page);
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

/** Empties Chromium's HTTP cache (the session in this tab's storage stays). */
async function emptyCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** Where a screen draws its data: the page's main landmark, or the whole page (Report view has none). */
const dataArea = (page: Page) => page.locator('main').or(page.locator('body:not(:has(main))'));

/**
 * Milliseconds from the next click to the first animation frame in which `text` is drawn in the
 * data area: the frame that paints the new screen's data. Measured in the page, so the bench's
 * own round trips to the browser do not count.
 */
async function armPaintTimer(page: Page, text: string) {
  // A string, not a function: the bench runs through tsx, whose helpers would not exist in the page.
  // Kept in the page (not returned: evaluate would wait for it), read after the click.
  await page.evaluate(`window.__paintTimer = new Promise((resolve, reject) => {
    const wanted = ${JSON.stringify(text)};
    let clicked = 0;
    addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
    const deadline = performance.now() + 30000;
    const check = () => {
      const area = document.querySelector('main') ?? document.body;
      if (clicked && area.innerText.toLowerCase().includes(wanted.toLowerCase())) resolve(performance.now() - clicked);
      else if (performance.now() > deadline) reject(new Error('"' + wanted + '" was not drawn'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }); undefined`);
  return { ms: () => page.evaluate('window.__paintTimer') };
}

async function measure(baseUrl: string, screens: SignedInScreen[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    quietPages.set(page, inFlight(page));
    const take = recorder(page);

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
    await settled(page);
    const login = report('/login, cold', await take(), BUDGET_KB.login);

    // As a user does it: type the credentials (what the app prefetches meanwhile counts as
    // sign-in's), press Sign In, wait until the first screen is drawn and the network is quiet.
    // The flow user has NS BI, so sign-in leads to NS BI (docs/product.md §2), not Applications.
    await page.getByLabel('Email or Username').pressSequentially(FLOW_USER.email, { delay: 30 });
    await page.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(FLOW_USER.password, {
      delay: 30,
    });
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const first = screens.find((s) => s.key === 'nsbi')!;
    await dataArea(page).getByText(first.dataText).first().waitFor();
    await settled(page);
    const signIn = report('typing + Sign In → NS BI drawn', await take(), BUDGET_KB.signIn);
    console.log(`\nrequests for sign-in → NS BI: ${signIn.count} (before decision 0017: ${REQUESTS_BEFORE})`);

    // Each signed-in screen opened at its address with the HTTP cache emptied before it, in the
    // tab that signed in (its session storage holds the session): what a phone downloads.
    const cold: Record<string, string | number>[] = [];
    const only = process.env.BENCH_SCREENS?.split(',');
    for (const screen of screens.filter((s) => !only || only.includes(s.key))) {
      await emptyCache(page);
      await page.goto(`${baseUrl}${screen.path}`);
      await dataArea(page).getByText(screen.dataText).first().waitFor();
      await settled(page);
      const { total, count } = report(
        `${screen.name} ${screen.path}, empty cache`,
        await take(),
        BUDGET_KB.screen,
      );
      cold.push({ screen: `${screen.name} ${screen.path}`, requests: count, 'KB on the wire': kb(total) });
    }

    console.log('\n## Every signed-in screen, empty cache\n');
    printTable(cold);
    const over = cold.filter((row) => Number(row['KB on the wire']) > BUDGET_KB.screen);
    console.log(
      `\nbudget ≤ ${BUDGET_KB.screen} KB per screen: ${over.length ? `NOT met (${over.map((r) => r.screen).join(', ')})` : 'met'}`,
    );

    // A warm session: the app is running and its files are in the HTTP cache; each screen is
    // opened from the one before by clicking its link (the pointer reaches the link just before
    // the click, as Playwright's click does: no head start for prefetch on hover). In a desktop
    // window, where the sidebar is open.
    const warm: Record<string, string | number>[] = [];
    if (process.env.BENCH_WARM === '0') return { login, signIn, cold, warm };
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${baseUrl}/`);
    await dataArea(page).getByText('Open NS BI').first().waitFor();
    await settled(page);
    await take();
    for (const key of WARM_ORDER) {
      const screen = screens.find((s) => s.key === key)!;
      if (screen.link.inUserMenu) await page.getByRole('button', { name: /account menu/i }).click();
      const link = screen.link.inUserMenu
        ? page.getByRole('menuitem', { name: screen.link.name })
        : page.getByRole('link', { name: screen.link.name, exact: true }).first();
      // A person's pointer rests on a link a moment before the click; the app prefetches the
      // screen's code and reads on that intent (apps/web/src/app/prefetch.ts). BENCH_DWELL_MS=0:
      // the click alone, as a keyboard's Enter on a link that never had focus.
      if (DWELL_MS > 0) {
        await link.hover();
        await page.waitForTimeout(DWELL_MS);
      }
      const timer = await armPaintTimer(page, screen.dataText);
      await link.click();
      const ms = Number(
        await timer.ms().catch(async (error: unknown) => {
          const shot = path.join(os.tmpdir(), `first-load-${screen.key}.png`);
          await page.screenshot({ path: shot });
          console.log(`${screen.name}: ${String(error)} (at ${page.url()}, screenshot ${shot})`);
          return NaN;
        }),
      );
      await settled(page);
      const requests = await take();
      warm.push({
        'opened by its link': `${screen.name} ${screen.path}`,
        'click → data drawn ms': Number.isNaN(ms) ? 'not drawn' : Math.round(ms),
        requests: requests.length,
        'KB on the wire': kb(requests.reduce((s, r) => s + r.bytes, 0)),
      });
    }

    console.log(
      `\n## Warm session: click → the new screen's data drawn (pointer on the link ${DWELL_MS} ms before)\n`,
    );
    printTable(warm);
    const slow = warm.filter((row) => !(Number(row['click → data drawn ms']) <= WARM_TARGET_MS));
    console.log(
      `\ntarget ≤ ${WARM_TARGET_MS} ms: ${slow.length ? `NOT met (${slow.map((r) => r['opened by its link']).join(', ')})` : 'met'}`,
    );
    return { login, signIn, cold, warm };
  } finally {
    await browser.close();
  }
}

async function main() {
  requireBuild(path.join(root, 'apps/web/dist/index.html'));
  const database = await scratchPglite();
  const server = await startChild('server', serverMain, serverEnv(database));
  try {
    const screens = await prepareSignedInScreens(server.url);
    console.log(`load average before: ${loadAverage()}`);
    await measure(server.url, screens);
    console.log(`\nload average after: ${loadAverage()}`);
  } finally {
    await server.stop();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
