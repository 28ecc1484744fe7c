import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createScratchDatabase } from './scratch-database';
import { startTestSimulators, type SimulatorSetup, type TestSimulators } from './simulators';

export type TestApp = {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  /** The LD and TS simulators the app's clients talk to (null when the test set LD_URL/TS_URL). */
  simulators: TestSimulators | null;
  close(): Promise<void>;
};

/**
 * One test database as the app reaches it: with TEST_DATABASE_DIRECT_URL set (the suite's run
 * behind PgBouncer, test/with-pgbouncer.ts), `url` through the pooler of TEST_DATABASE_URL and
 * `directUrl` straight at PostgreSQL; otherwise `url` alone. `databaseUrl` is either of the two.
 */
export function testDatabaseUrls(databaseUrl: string): { url: string; directUrl?: string } {
  const pooler = process.env.TEST_DATABASE_URL;
  const direct = process.env.TEST_DATABASE_DIRECT_URL;
  const host = new URL(databaseUrl).host;
  // A database on another server (a test's private PostgreSQL) is reached as it is.
  if (!pooler || !direct || (host !== new URL(pooler).host && host !== new URL(direct).host))
    return { url: databaseUrl };
  const on = (server: string) => {
    const url = new URL(server);
    url.pathname = new URL(databaseUrl).pathname;
    return url.toString();
  };
  return { url: on(pooler), directUrl: on(direct) };
}

/** DATABASE_URL (and DATABASE_DIRECT_URL behind the pooler) for a test database. */
export function testDatabaseUrlEnv(databaseUrl: string): Record<string, string> {
  const { url, directUrl } = testDatabaseUrls(databaseUrl);
  return { DATABASE_URL: url, ...(directUrl && { DATABASE_DIRECT_URL: directUrl }) };
}

/**
 * A fresh app on a fresh database: PGlite in memory by default; with TEST_DATABASE_URL set, a new
 * PostgreSQL database created for this app and dropped on close. Its LD and TS clients talk over
 * HTTP to simulators started for it (a failed portal sign-in asks them), unless env names others.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** databaseUrl: join an existing test database (a second instance) instead of creating one. */
  options: {
    now?: () => Date;
    databaseUrl?: string;
    simulators?: SimulatorSetup;
    /** Where the app's log lines go (LOG_LEVEL in env; default: no logger). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const simulators =
    env.LD_URL !== undefined && env.TS_URL !== undefined
      ? null
      : await startTestSimulators({ now: options.now, ...options.simulators });
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.databaseUrl) {
    databaseUrl = options.databaseUrl;
  } else if (process.env.TEST_DATABASE_URL) {
    // Created on PostgreSQL itself (CREATE and DROP DATABASE need no pooler in between).
    const scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL,
      'portal_test',
    );
    databaseUrl = testDatabaseUrls(scratch.url).url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    // A test that sets DATABASE_URL itself chooses both URLs.
    ...(databaseUrl && !env.DATABASE_URL && testDatabaseUrlEnv(databaseUrl)),
    ...simulators?.env,
    ...env,
  });
  const database = await openDatabase(config);
  const app = await buildApp(config, {
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    now: options.now,
    housekeepingTimer: false,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    simulators,
    async close() {
      await app.close();
      // The pool ends before the database is dropped: a FORCE drop would kill its idle connections.
      await database.close();
      await dropDatabase();
      await simulators?.close();
    },
  };
}
