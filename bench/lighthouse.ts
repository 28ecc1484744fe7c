// Lighthouse, mobile preset (the default config: an emulated phone on slow 4G, 4× CPU slowdown,
// simulated throttling), as a user flow in one tab of the system Chromium (`CHROMIUM_PATH` or
// /usr/bin/chromium), headless: /login cold; then signing in through the form as an admin with
// NS BI (bench/screens.ts); then each signed-in screen (Applications, NS BI reports, a report view,
// My Profile, Users, Audit log) opened at its address with the HTTP cache emptied before it (the
// session stays in the tab). The flow runs `BENCH_RUNS` times (default 3), each in a fresh browser;
// prints the median scores and metrics per screen, what held the median run down, and the load
// average (scores taken on a busy machine mean little). `BENCH_SCREENS=login,users,…` picks
// screens; `BENCH_REPORT_DIR` writes each median run's HTML and JSON reports there.
// Needs `npm run build`. Run: npm run bench:lighthouse
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateReport, startFlow, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import {
  loadAverage,
  printTable,
  requireBuild,
  root,
  scratchPglite,
  serverEnv,
  serverMain,
  startChild,
} from './lib';
import { FLOW_USER, prepareSignedInScreens } from './screens';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = { performance: 95, accessibility: 95, 'best-practices': 95 } as const;
const CATEGORIES = Object.keys(TARGET) as (keyof typeof TARGET)[];
const METRICS = {
  'first-contentful-paint': 'FCP s',
  'largest-contentful-paint': 'LCP s',
  'speed-index': 'SI s',
  'total-blocking-time': 'TBT ms',
  'cumulative-layout-shift': 'CLS',
} as const;

type Screen = { key: string; name: string; path: string; dataText?: string };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

const chromiumArgs = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Waits until `text` is drawn in the page's main landmark (or anywhere, without one), or in a
 * same-origin frame inside it (the report view draws its report in one: the BI simulator's page).
 */
async function drawn(page: Page, text: string) {
  const wanted = JSON.stringify(text.toLowerCase());
  await page.waitForFunction(
    `(() => {
      const area = document.querySelector("main") ?? document.body;
      const texts = [area.innerText, ...[...area.querySelectorAll("iframe")].map((f) => f.contentDocument?.body?.innerText ?? "")];
      return texts.some((t) => t.toLowerCase().includes(${wanted}));
    })()`,
    { timeout: 60_000 },
  );
}

/** One user flow in a fresh browser: the Lighthouse result of each wanted screen, by key. */
async function flowRun(baseUrl: string, screens: Screen[], wanted: string[]) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    const flow = await startFlow(page, {
      flags: { onlyCategories: [...CATEGORIES], logLevel: 'error' },
    });
    const results = new Map<string, Result>();
    const measure = async (screen: Screen) => {
      // The HTTP cache emptied, the tab's storage (its session) kept.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await flow.navigate(`${baseUrl}${screen.path}`, {
        name: screen.name,
        disableStorageReset: screen.key !== 'login',
      });
      if (screen.dataText) {
        await drawn(page, screen.dataText).catch(async (error: unknown) => {
          await page.screenshot({ path: path.join(os.tmpdir(), `lighthouse-${screen.key}-not-drawn.png`) });
          throw new Error(`${screen.path}: "${screen.dataText}" was never drawn`, { cause: error });
        });
      }
    };

    const login: Screen = { key: 'login', name: 'Sign In', path: '/login' };
    if (wanted.includes('login')) await measure(login);
    else await page.goto(`${baseUrl}/login`);
    // Signing in through the form, as a person does (not measured).
    await page.waitForSelector('input[type=password]');
    await page.locator('input[name=username], input[autocomplete=username]').fill(FLOW_USER.email);
    await page.locator('input[type=password]').fill(FLOW_USER.password);
    await page.locator('button[type=submit]').click();
    await drawn(page, screens.find((s) => s.key === 'nsbi')!.dataText!);

    for (const screen of screens) if (wanted.includes(screen.key)) await measure(screen);

    const { steps } = await flow.createFlowResult();
    for (const step of steps) {
      const screen = [login, ...screens].find((s) => s.name === step.name);
      if (!screen) continue;
      const { lhr } = step;
      if (lhr.runtimeError) throw new Error(`${screen.path}: ${lhr.runtimeError.message}`);
      // The page Lighthouse saw must be the screen, not sign-in or an error page.
      const final = new URL(lhr.finalDisplayedUrl).pathname;
      if (final !== screen.path) throw new Error(`${screen.path} ended on ${final}`);
      results.set(screen.key, lhr);
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** What the page transferred over the wire in that run (Lighthouse's total byte weight), in KB. */
const transferKB = (lhr: Result) => (lhr.audits['total-byte-weight']?.numericValue ?? NaN) / 1024;

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, id: keyof typeof METRICS) => {
  const value = lhr.audits[id]?.numericValue ?? NaN;
  return id.endsWith('paint') || id === 'speed-index' ? value / 1000 : value;
};

/** What holds the performance score down in that run: audits Lighthouse scored below 0.9. */
function weakAudits(lhr: Result) {
  const ids = lhr.categories.performance?.auditRefs.map((ref) => ref.id) ?? [];
  return ids
    .map((id) => lhr.audits[id]!)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
}

async function main() {
  requireBuild(path.join(root, 'apps/web/dist/index.html'));
  const database = await scratchPglite();
  const server = await startChild('server', serverMain, serverEnv(database));
  try {
    const signedIn = await prepareSignedInScreens(server.url);
    const screens: Screen[] = [{ key: 'login', name: 'Sign In', path: '/login' }, ...signedIn];
    const wanted = process.env.BENCH_SCREENS?.split(',') ?? screens.map((s) => s.key);
    const runs = new Map<string, Result[]>();
    const loads: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      loads.push(loadAverage());
      for (const [key, lhr] of await flowRun(server.url, signedIn, wanted))
        runs.set(key, [...(runs.get(key) ?? []), lhr]);
    }
    loads.push(loadAverage());
    const rows: Record<string, string | number>[] = [];
    for (const screen of screens) {
      const results = runs.get(screen.key);
      if (!results) continue;
      const perf = results.map((lhr) => score(lhr, 'performance'));
      console.log(`${screen.name} (${screen.path}): performance per run ${perf.join(', ')}`);
      const medianRun = results.find((lhr) => score(lhr, 'performance') === median(perf))!;
      const weak = weakAudits(medianRun);
      if (weak.length) console.log(`  below 0.9 in the median run: ${weak.join(', ')}`);
      if (process.env.BENCH_REPORT_DIR) {
        mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
        const file = path.join(process.env.BENCH_REPORT_DIR, `lighthouse-${screen.key}.html`);
        writeFileSync(file, generateReport(medianRun, 'html'));
        writeFileSync(file.replace(/\.html$/, '.json'), JSON.stringify(medianRun));
      }
      const row: Record<string, string | number> = { screen: screen.name };
      for (const category of CATEGORIES) row[category] = median(results.map((lhr) => score(lhr, category)));
      for (const [id, label] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) {
        const value = median(results.map((lhr) => metric(lhr, id)));
        row[label] =
          id === 'cumulative-layout-shift'
            ? value.toFixed(3)
            : id === 'total-blocking-time'
              ? Math.round(value)
              : value.toFixed(2);
      }
      row['KB'] = median(results.map(transferKB)).toFixed(0);
      rows.push(row);
    }
    console.log(
      `\nLighthouse user flow, ${RUNS} runs, medians (mobile preset, simulated slow 4G, 4× CPU; cache emptied before each screen):\n`,
    );
    printTable(rows);
    console.log(`\nload average (1/5/15 min) at the start of each run and at the end: ${loads.join(' | ')}`);
    const missed = rows.filter((row) => CATEGORIES.some((c) => Number(row[c]) < TARGET[c]));
    console.log(
      `\ntarget: performance, accessibility and best practices ≥ 95 on every screen: ${missed.length ? `NOT met (${missed.map((r) => r.screen).join(', ')})` : 'met'}`,
    );
  } finally {
    await server.stop();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
