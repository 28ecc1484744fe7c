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
 * A fresh app on a fresh database: PGlite in memory by default; with TEST_DATABASE_URL set, a new
 * PostgreSQL database created for this app and dropped on close. Its LD and TS clients talk over
 * HTTP to simulators started for it (a failed portal sign-in asks them), unless env names others.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** databaseUrl: join an existing test database (a second instance) instead of creating one. */
  options: { now?: () => Date; databaseUrl?: string; simulators?: SimulatorSetup } = {},
): Promise<TestApp> {
  const simulators =
    env.LD_URL !== undefined && env.TS_URL !== undefined
      ? null
      : await startTestSimulators({ now: options.now, ...options.simulators });
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.databaseUrl) {
    databaseUrl = options.databaseUrl;
  } else if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'portal_test');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...simulators?.env,
    ...env,
  });
  const database = await openDatabase(config);
  const app = await buildApp(config, { database, logger: false, now: options.now, housekeepingTimer: false });
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
