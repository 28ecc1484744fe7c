// Lighthouse, mobile preset (the default config: an emulated phone on slow 4G, 4× CPU slowdown,
// simulated throttling), on /login and on the signed-in Applications and NS BI screens, in the
// system Chromium (`CHROMIUM_PATH` or /usr/bin/chromium), headless. Each page is audited
// `BENCH_RUNS` times (default 3), each time in a fresh browser (cold cache); prints the median
// scores and metrics. `BENCH_SCREENS=login,applications,nsbi` picks screens (default: all three);
// `BENCH_REPORT_DIR`: also writes each median run's HTML report there.
// Needs `npm run build`. Run: npm run bench:lighthouse
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { API_PREFIX, META_KEYS, ROLE_IDS, STORAGE_KEYS, type Session } from '@portal/contract';
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

type Credentials = { email: string; password: string };
type Screen = { key: string; name: string; path: string; user?: Credentials };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

async function api<T>(baseUrl: string, apiPath: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`${baseUrl}${API_PREFIX}/${apiPath}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${apiPath} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const signIn = (baseUrl: string, user: Credentials) =>
  api<Session>(baseUrl, 'auth/login', {
    method: 'POST',
    body: JSON.stringify({ username: user.email, password: user.password }),
  });

/** A customer with NS BI on the BI simulator's Fleet Insights project, made by the admin. */
async function nsbiCustomer(baseUrl: string): Promise<Credentials> {
  const { access_token: token } = await signIn(baseUrl, ADMIN);
  const projects = await api<{ projectId: string; name: string }[]>(baseUrl, 'dundas-bi/project/all', {
    token,
  });
  const fleet = projects.find((p) => p.name === 'Fleet Insights') ?? projects[0];
  if (!fleet) throw new Error('the BI simulator has no project');
  const user = { email: 'bench-nsbi@example.com', password: 'bench-secret' };
  await api(baseUrl, 'users', {
    method: 'POST',
    token,
    body: JSON.stringify({
      name: 'Bench NSBI Customer',
      ...user,
      password_confirmation: user.password,
      meta: [{ key: META_KEYS.nsbiEnabled, value: '1' }],
      role_id: ROLE_IDS.customer,
      project_id: fleet.projectId,
    }),
  });
  return user;
}

/** Puts a fresh session where the SPA keeps it (this tab's session storage), as e2e/fixtures.ts does. */
async function storeSession(page: Page, baseUrl: string, user: Credentials) {
  const session = await signIn(baseUrl, user);
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(
    (keys, s) => {
      sessionStorage.setItem(keys.token, s.access_token);
      sessionStorage.setItem(keys.refreshToken, s.refresh_token);
      sessionStorage.setItem(keys.user, JSON.stringify(s.user));
    },
    STORAGE_KEYS,
    session,
  );
}

async function audit(baseUrl: string, screen: Screen): Promise<Result> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    if (screen.user) await storeSession(page, baseUrl, screen.user);
    const flags: Flags = {
      onlyCategories: [...CATEGORIES],
      logLevel: 'error',
      // Signed in: keep the session this tab holds (the browser is new, so the cache is cold anyway).
      disableStorageReset: Boolean(screen.user),
    };
    const result = await lighthouse(`${baseUrl}${screen.path}`, flags, undefined, page);
    if (!result) throw new Error(`no Lighthouse result for ${screen.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${screen.path}: ${lhr.runtimeError.message}`);
    // The page Lighthouse saw must be the screen, not sign-in or an error page.
    const final = new URL(lhr.finalDisplayedUrl).pathname;
    if (final !== screen.path) throw new Error(`${screen.path} ended on ${final}`);
    return lhr;
  } finally {
    await browser.close();
  }
}

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
    const wanted = (process.env.BENCH_SCREENS ?? 'login,applications,nsbi').split(',');
    const screens: Screen[] = [
      { key: 'login', name: 'Sign In', path: '/login' },
      { key: 'applications', name: 'Applications', path: '/', user: ADMIN },
      { key: 'nsbi', name: 'NS BI', path: '/nsbi', user: await nsbiCustomer(server.url) },
    ].filter((screen) => wanted.includes(screen.key));
    const rows: Record<string, string | number>[] = [];
    for (const screen of screens) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(server.url, screen));
      const perf = runs.map((lhr) => score(lhr, 'performance'));
      console.log(`${screen.name} (${screen.path}): performance per run ${perf.join(', ')}`);
      const medianRun = runs.find((lhr) => score(lhr, 'performance') === median(perf))!;
      const weak = weakAudits(medianRun);
      if (weak.length) console.log(`  below 0.9 in the median run: ${weak.join(', ')}`);
      if (process.env.BENCH_REPORT_DIR) {
        mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
        const file = path.join(
          process.env.BENCH_REPORT_DIR,
          `lighthouse-${screen.name.replace(/\W+/g, '-')}.html`,
        );
        writeFileSync(file, generateReport(medianRun, 'html'));
      }
      const row: Record<string, string | number> = { screen: `${screen.name} ${screen.path}` };
      for (const category of CATEGORIES) row[category] = median(runs.map((lhr) => score(lhr, category)));
      for (const [id, label] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) {
        const value = median(runs.map((lhr) => metric(lhr, id)));
        row[label] =
          id === 'cumulative-layout-shift'
            ? value.toFixed(3)
            : id === 'total-blocking-time'
              ? Math.round(value)
              : value.toFixed(2);
      }
      rows.push(row);
    }
    console.log(
      `\nLighthouse ${RUNS} runs per screen, medians (mobile preset, simulated slow 4G, 4× CPU):\n`,
    );
    printTable(rows);
    const login = rows.find((row) => String(row.screen).endsWith('/login'));
    if (login) {
      const met = CATEGORIES.every((c) => Number(login[c]) >= TARGET[c]);
      console.log(
        `\n/login target: performance, accessibility and best practices ≥ 95: ${met ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await server.stop();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
