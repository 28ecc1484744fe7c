// Shared pieces of the benchmarks: start the built server as a child process, throw-away
// databases, resident memory. Nothing here is used by the product or by `npm test`.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePortFrom } from '../apps/server/src/test/private-postgres';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';

export const root = path.resolve(import.meta.dirname, '..');
/** The built server; `BENCH_SERVER_MAIN` (with `WEB_DIST`) measures another build, e.g. main's for a before/after. */
export const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
export const API = '/api/v1.0';
export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-secret' };
/** Server that may CREATE DATABASE; each PostgreSQL run gets its own database there. */
export const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function requireBuild(...files: string[]) {
  for (const file of [serverMain, ...files]) {
    if (!existsSync(file))
      throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` first`);
  }
}

export async function freePort(): Promise<number> {
  // BENCH_FIRST_PORT: the first of the ports this machine gives the bench (else any free one).
  if (process.env.BENCH_FIRST_PORT) return freePortFrom(Number(process.env.BENCH_FIRST_PORT));
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type Child = { name: string; url: string; pid: number; stop(): Promise<void> };

/** Spawns `node [BENCH_NODE_ARGS] [nodeArgs] <script>` with env, waits until `readyPath` answers 200. */
export async function startChild(
  name: string,
  script: string,
  env: Record<string, string>,
  { readyPath = '/readyz', nodeArgs = [] as string[] } = {},
): Promise<Child> {
  // BENCH_PORT: a fixed port, for machines where only a range of ports may be used.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  // BENCH_NODE_ARGS: flags for every child, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, ...nodeArgs, script], {
    env: { ...process.env, ENV_FILE: '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: on a busy machine a first start (initdb, migrations) can take minutes.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within 300 s`);
    }
    await sleep(100);
  }
  return { name, url, pid: child.pid!, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export type Scratch = { label: string; env: Record<string, string>; dispose(): Promise<void> };

/** A brand-new PostgreSQL database, dropped by dispose(). */
export async function scratchPostgres(tag: string): Promise<Scratch> {
  const scratch = await createScratchDatabase(pgAdminUrl, `portal_bench_${tag}`);
  return { label: 'PostgreSQL', env: { DATABASE_URL: scratch.url }, dispose: scratch.drop };
}

/** A brand-new PGlite data folder, removed by dispose(). */
export async function scratchPglite(): Promise<Scratch> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  return {
    label: 'PGlite',
    env: { DATA_DIR: dir },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Node and glibc settings as the image starts the server (Dockerfile,
 * docs/decisions/0041-server-memory.md); BENCH_NODE_TUNING=0: Node's defaults. A bare baseline
 * compared with the server runs with the same ones, so a ratio measures the portal, not a setting.
 */
export function nodeTuningEnv(): Record<string, string> {
  if (process.env.BENCH_NODE_TUNING === '0') return {};
  return {
    NODE_OPTIONS: '--max-semi-space-size=4',
    // BENCH_MMAP_THRESHOLD: another value to compare with the image's (decision 0047).
    MALLOC_MMAP_THRESHOLD_: process.env.BENCH_MMAP_THRESHOLD ?? '32768',
    MALLOC_TRIM_THRESHOLD_: '131072',
  };
}

/** Environment of a production-like server: no request logging, a real key, a known admin. */
export function serverEnv(database: Scratch): Record<string, string> {
  return {
    APP_ENV: 'production',
    APP_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // Production requires an SMTP server; benches send no mail, so nothing listens there.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    // Later issues: embedded simulators are opt-in in production.
    SIMULATORS: 'on',
    ...nodeTuningEnv(),
    ...database.env,
  };
}

export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  type Tokens = { access_token?: string };
  const body = (await response.json()) as { data?: Tokens } & Tokens;
  // docs/api.md: `{"data": Session}`; the bare Session is accepted too so the bench survives a regression.
  const token = body.data?.access_token ?? body.access_token;
  if (!response.ok || !token) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return kb / 1024;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Prints rows as an aligned plain-text table (also fine pasted into Markdown as a code block). */
export function printTable(rows: Record<string, string | number>[]) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c] ?? ''))));
}

/** CPU seconds (user + system) a process (or `pid/task/tid`, one of its threads) has used so far. */
export function cpuSeconds(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // gone meanwhile (a PostgreSQL backend that ended)
  }
}

/**
 * CPU seconds of a process's main thread (JavaScript, and PGlite inside it) apart from its other
 * threads (libuv's pool, where Argon2id runs, and V8's helpers), from /proc/<pid>/task/<tid>/stat.
 */
export function mainThreadCpuSeconds(pid: number): number {
  return cpuSeconds(`${pid}/task/${pid}`);
}

/** CPU seconds of each thread of a process so far, by thread id (/proc/<pid>/task/<tid>/stat). */
export function threadCpuSeconds(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads; // the process is gone
  }
  for (const tid of tids) threads.set(Number(tid), cpuSeconds(`${pid}/task/${tid}`));
  return threads;
}

/** The middle value (upper middle for an even count): one noisy round does not move it. */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The p-th percentile (nearest rank) of some values; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The machine's load averages (1, 5, 15 min): printed beside every timing, which means little when high. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
