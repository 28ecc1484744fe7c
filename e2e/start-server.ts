// Starts the built server for Playwright on a clean database and removes that database afterwards,
// with a real SMTP server (mail-sink.ts) as its mail server. Run by `node --import tsx`.
// PGlite in a fresh folder by default; with E2E_DATABASE_URL (a PostgreSQL server URL whose user may
// CREATE DATABASE) a new database portal_e2e_<time> is created there and dropped on exit; with
// E2E_PGBOUNCER=1 as well, the server reaches it through a transaction-mode PgBouncer of its own
// (DATABASE_URL; DATABASE_DIRECT_URL straight at it, decision 0031), on a free port from PGBOUNCER_PORT.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startPgbouncer } from '../apps/server/src/test/pgbouncer';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';
import { startMailSink } from './mail-sink';

const root = path.resolve(import.meta.dirname, '..');
// ENV_FILE empty: a developer's .env must not reach the journeys' server (apps/server/src/main.ts).
const env: NodeJS.ProcessEnv = { ...process.env, ENV_FILE: '' };
// First, so a port already taken fails before any database exists. Its ports sit just below the
// portal's (PORT, which playwright.config.ts sets from E2E_PORT), so two runs on different E2E_PORTs
// do not collide; e2e/support/account-security.ts reads mail from the same place.
const mailSink = await startMailSink({
  smtpPort: Number(env.E2E_SMTP_PORT ?? Number(env.PORT) - 2),
  httpPort: Number(env.E2E_MAIL_PORT ?? Number(env.PORT) - 3),
});
env.SMTP_URL = mailSink.smtpUrl;
let cleanup: () => Promise<void> = async () => {};

if (process.env.E2E_DATABASE_URL) {
  const scratch = await createScratchDatabase(process.env.E2E_DATABASE_URL, 'portal_e2e');
  env.DATABASE_URL = scratch.url;
  cleanup = scratch.drop;
  if (process.env.E2E_PGBOUNCER === '1') {
    const bouncer = await startPgbouncer(scratch.url, Number(process.env.PGBOUNCER_PORT ?? 6440), {
      ownProcessGroup: true,
    });
    env.DATABASE_URL = bouncer.pooled(scratch.url);
    env.DATABASE_DIRECT_URL = scratch.url;
    cleanup = async () => {
      await bouncer.stop();
      await scratch.drop();
    };
  }
} else {
  const dataDir = env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR must be set (playwright.config.ts sets it)');
  rmSync(dataDir, { recursive: true, force: true });
  cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env,
  stdio: 'inherit',
});

// Playwright signals the whole process group, so the server gets the signal itself; we only wait.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  Promise.all([cleanup(), mailSink.close()])
    .catch((err: unknown) => console.error('e2e cleanup failed:', err))
    .finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
