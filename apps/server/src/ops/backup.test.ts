import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../config';
import { createTestApp, testDatabaseUrlEnv, type TestApp } from '../test/app';
import { createUser } from '../test/builders';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database';
import { backup, OpsError, restore } from './backup';
import { serveBackups } from './backup-socket';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SLOW = 180_000;
const quiet = { info: () => {}, warn: () => {} };

/** The emails of every user in a database, read through a fresh app on it. */
const emailsOf = async (t: TestApp) =>
  new Set(
    (
      await t.database.query({
        name: 'all_emails',
        plan: 'custom',
        text: 'SELECT email FROM users',
        values: [],
      })
    ).map((row) => String(row.email)),
  );

describe(`online backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  const file = path.join(folder, 'portal.backup');
  let serving: TestApp;
  let backups: Awaited<ReturnType<typeof serveBackups>>;
  let target: AppConfig;
  let targetDatabase: ScratchDatabase | undefined;
  const acknowledgedBefore: string[] = [];
  const writtenDuring: string[] = [];

  beforeAll(async () => {
    // The product as it serves: PGlite in a DATA_DIR with its backup socket, or a PostgreSQL database.
    serving = await createTestApp(onPostgres ? {} : { DATA_DIR: path.join(folder, 'serving') });
    backups = await serveBackups(serving.database, serving.config.dataDir, quiet);
    for (let i = 0; i < 5; i++) acknowledgedBefore.push((await createUser(serving)).email);
    if (onPostgres) {
      targetDatabase = await createScratchDatabase(
        process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL!,
        'portal_restore',
      );
      // Behind the suite's PgBouncer, as an operator sets it: restore goes to DATABASE_DIRECT_URL.
      target = loadConfig({ APP_ENV: 'test', ...testDatabaseUrlEnv(targetDatabase.url) });
    } else {
      target = loadConfig({ APP_ENV: 'test', DATA_DIR: path.join(folder, 'restored') });
    }
  }, SLOW);

  afterAll(async () => {
    await backups?.close();
    await serving?.close();
    await targetDatabase?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'backs up while writes go on, and restores every row acknowledged before the backup began',
    async () => {
      let writing = true;
      const writes = (async () => {
        while (writing) {
          writtenDuring.push((await createUser(serving)).email);
          // As requests do, each write lets the event loop turn (PGlite answers in microtasks alone).
          await new Promise(setImmediate);
        }
      })();
      const message = await backup(serving.config, file).finally(() => (writing = false));
      await writes;
      expect(message).toMatch(onPostgres ? /pg_dump custom format/ : /from the running portal/);
      expect(writtenDuring.length).toBeGreaterThan(0);

      expect(await restore(target, file)).toMatch(/restored .*start the portal/);
      const restored = await createTestApp(
        onPostgres ? {} : { DATA_DIR: target.dataDir },
        onPostgres ? { databaseUrl: target.databaseUrl } : {},
      );
      try {
        const emails = await emailsOf(restored);
        expect(acknowledgedBefore.filter((email) => !emails.has(email))).toEqual([]);
        // Consistent: the writes that raced the backup are there whole or not at all.
        expect((await restored.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );

  it(
    'refuses to restore into a database that is not empty, and changes nothing',
    async () => {
      const before = readFileSync(file);
      await expect(restore(target, file)).rejects.toThrow(OpsError);
      await expect(restore(target, file)).rejects.toThrow(
        onPostgres
          ? /is not empty .* Nothing was changed\./
          : /already holds a database .* Nothing was changed\./,
      );
      const after = await createTestApp(
        onPostgres ? {} : { DATA_DIR: target.dataDir },
        onPostgres ? { databaseUrl: target.databaseUrl } : {},
      );
      try {
        expect((await emailsOf(after)).size).toBeGreaterThanOrEqual(acknowledgedBefore.length);
      } finally {
        await after.close();
      }
      expect(readFileSync(file).equals(before)).toBe(true);
    },
    SLOW,
  );

  it('refuses a backup of the other kind of database', async () => {
    const other = path.join(folder, 'other.backup');
    writeFileSync(other, onPostgres ? Buffer.from([0x1f, 0x8b, 8, 0]) : Buffer.from('PGDMP....'));
    await expect(restore(target, other)).rejects.toThrow(
      /backup, and this configuration's database is .* Nothing was changed\./,
    );
  });

  it.skipIf(onPostgres)(
    'refuses to restore into the DATA_DIR of a running portal',
    async () => {
      await expect(restore(serving.config, file)).rejects.toThrow(
        /The portal is running on DATA_DIR=.*stop it/,
      );
    },
    SLOW,
  );
});

describe('npm run backup / restore', () => {
  it(
    'prints what it did and exits 1 with the reason on a refusal',
    async () => {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-ops-cli-'));
      try {
        const run = (...args: string[]) =>
          promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/ops/main.ts', ...args], {
            cwd: path.resolve(import.meta.dirname, '../..'),
            env: {
              ...process.env,
              ENV_FILE: '',
              APP_ENV: 'test',
              DATA_DIR: folder,
              DATABASE_URL: '',
              INIT_CWD: folder,
            },
          }).then(
            ({ stdout }) => ({ code: 0, out: stdout }),
            (err: { code: number; stderr: string }) => ({ code: err.code, out: err.stderr }),
          );
        expect(await run('restore', 'missing.backup')).toEqual({
          code: 1,
          out: `${path.join(folder, 'missing.backup')}: no such file.\n`,
        });
        expect(await run('backup')).toMatchObject({
          code: 2,
          out: expect.stringContaining('npm run backup -- FILE'),
        });
        expect(await run('backup', 'b.backup')).toEqual({
          code: 1,
          out: `There is no database in ${path.join(folder, 'pglite')} to back up (DATA_DIR=${folder}).\n`,
        });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
