import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';

export type TestApp = { app: FastifyInstance; config: AppConfig; database: Database; close(): Promise<void> };

/**
 * A fresh app on a fresh database: PGlite in memory by default; with TEST_DATABASE_URL set, a new
 * PostgreSQL database created for this app and dropped on close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** databaseUrl: join an existing test database (a second instance) instead of creating one. */
  options: { now?: () => Date; databaseUrl?: string } = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.databaseUrl) {
    databaseUrl = options.databaseUrl;
  } else if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...env,
  });
  const database = await openDatabase(config);
  const app = await buildApp(config, { database, logger: false, now: options.now, housekeepingTimer: false });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      // The pool ends before the database is dropped: a FORCE drop would kill its idle connections.
      await database.close();
      await dropDatabase();
    },
  };
}
