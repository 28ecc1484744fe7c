// Starts the built server for Playwright on a clean database and removes that database afterwards,
// with a real SMTP server (mail-sink.mjs) as its mail server.
// PGlite in a fresh folder by default; with E2E_DATABASE_URL (a PostgreSQL server URL whose user may
// CREATE DATABASE) a new database portal_e2e_<time> is created there and dropped on exit.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startMailSink } from './mail-sink.mjs';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
// First, so a port already taken fails before any database exists. Its ports sit just below the
// portal's (PORT, which playwright.config.ts sets from E2E_PORT), so two runs on different E2E_PORTs
// do not collide; e2e/support/account-security.ts reads mail from the same place.
const mailSink = await startMailSink({
  smtpPort: Number(env.E2E_SMTP_PORT ?? Number(env.PORT) - 2),
  httpPort: Number(env.E2E_MAIL_PORT ?? Number(env.PORT) - 3),
});
env.SMTP_URL = mailSink.smtpUrl;
let cleanup = async () => {};

if (process.env.E2E_DATABASE_URL) {
  // pg is a dependency of the server workspace, not of the root.
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const adminUrl = process.env.E2E_DATABASE_URL;
  const name = `portal_e2e_${Date.now()}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
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
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  Promise.all([cleanup(), mailSink.close()])
    .catch((err) => console.error('e2e cleanup failed:', err))
    .finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
