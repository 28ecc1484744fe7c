import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_PREFIX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { createUser, signedInAdmin, type TestTokens } from '../test/builders';
import { startPgbouncer, canRunPgbouncer, type Pgbouncer } from '../test/pgbouncer';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database';
import { backup, restore } from '../ops/backup';
import { runDoctor } from '../ops/doctor';
import { checkPooler } from '../ops/doctor/checks/pooler';
import { detectTransactionPooler } from './pooler';

/** PostgreSQL itself (in the suite's run behind PgBouncer, TEST_DATABASE_URL is the pooler). */
const direct = process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL;
const firstPort = Number(process.env.PGBOUNCER_PORT ?? 6440);

type LogLine = { level: number; msg: string };
const ERROR = 50;
const WARN = 40;

/** An app on a fresh database reached through `bouncer`, and the log lines it writes. */
async function appBehind(bouncer: Pgbouncer, scratch: ScratchDatabase, env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  const t = await createTestApp(
    { LOG_LEVEL: 'info', DATABASE_URL: bouncer.pooled(scratch.url), ...env },
    {
      databaseUrl: scratch.url,
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    },
  );
  return { t, lines };
}

/**
 * `readers` clients each sending the next of `paths` as soon as the last answered, for `ms`: the
 * statuses of every answer.
 */
async function readConcurrently(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  readers: number,
  ms: number,
) {
  const statuses: number[] = [];
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
      for (let i = reader; Date.now() < until; i += 1) {
        const res = await fetch(`${base}${API_PREFIX}/${paths[i % paths.length]}`, { headers });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    }),
  );
  return statuses;
}

describe.runIf(direct && canRunPgbouncer())('behind a transaction-pooling PgBouncer', () => {
  let bouncer: Pgbouncer;
  beforeAll(async () => {
    bouncer = await startPgbouncer(direct!, firstPort);
  });
  afterAll(() => bouncer?.stop());

  it('tells a transaction pooler from PostgreSQL itself', async () => {
    expect(await detectTransactionPooler(pg, bouncer.pooled(direct!))).toBe(true);
    expect(await detectTransactionPooler(pg, direct!)).toBe(false);
  });

  it('npm run doctor: says that DATABASE_URL is a pooler and what breaks while DATABASE_DIRECT_URL is unset', async () => {
    const doctor = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const code = await runDoctor({
        env: { APP_ENV: 'test', DATA_DIR: 'memory://', ...env },
        outside: new Set(Object.keys(env)),
        print: (line) => lines.push(line),
        checks: [checkPooler],
      });
      return { code, found: lines.filter((line) => /^[✓✗] Connection pooler/.test(line)) };
    };
    const pooled = bouncer.pooled(direct!);
    expect(await doctor({ DATABASE_URL: pooled })).toEqual({
      code: 1,
      found: [
        expect.stringMatching(
          /^✗ Connection pooler: DATABASE_URL is a transaction pooler \(found\) and DATABASE_DIRECT_URL is unset: realtime events and session revocations reach only the instance .* — try: set DATABASE_DIRECT_URL/,
        ),
      ],
    });
    expect(await doctor({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: pooled })).toEqual({
      code: 1,
      found: [expect.stringMatching(/^✗ Connection pooler: DATABASE_DIRECT_URL is a transaction pooler too/)],
    });
    expect(await doctor({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct! })).toEqual({
      code: 0,
      found: [expect.stringMatching(/^✓ Connection pooler: DATABASE_URL is a transaction pooler/)],
    });
    expect(await doctor({ DATABASE_URL: direct! })).toEqual({
      code: 0,
      found: [
        '✓ Connection pooler: none in transaction mode (found): prepared statements and LISTEN use DATABASE_URL',
      ],
    });
  });

  describe('with DATABASE_DIRECT_URL', () => {
    let scratch: ScratchDatabase;
    let app: Awaited<ReturnType<typeof appBehind>>;
    let tokens: TestTokens;
    beforeAll(async () => {
      scratch = await createScratchDatabase(direct!, 'portal_pooler');
      app = await appBehind(bouncer, scratch, { DATABASE_DIRECT_URL: scratch.url });
      tokens = (await signedInAdmin(app.t)).tokens;
      for (let i = 0; i < 60; i += 1) await createUser(app.t, { name: `Reader Person ${i}` });
      await app.t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await app?.t.close();
      await scratch?.drop();
    });

    it('answers 24 concurrent readers (users pages, a search, auth/me, the audit log) without a 5xx or an error logged', async () => {
      const { port } = app.t.app.server.address() as { port: number };
      const paths = [
        'users?page=1',
        'users?page=2&per_page=10',
        'users?search=reader',
        'auth/me',
        'audit-log',
      ];
      const statuses = await readConcurrently(`http://127.0.0.1:${port}`, paths, tokens.headers, 24, 2_000);
      expect(statuses.length).toBeGreaterThan(paths.length);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(app.lines.filter((line) => line.level >= ERROR)).toEqual([]);
      expect(app.lines.filter((line) => line.level >= WARN)).toEqual([]);
    });
  });

  describe('without DATABASE_DIRECT_URL', () => {
    let scratch: ScratchDatabase;
    let app: Awaited<ReturnType<typeof appBehind>>;
    beforeAll(async () => {
      scratch = await createScratchDatabase(direct!, 'portal_pooler');
      app = await appBehind(bouncer, scratch);
    });
    afterAll(async () => {
      await app?.t.close();
      await scratch?.drop();
    });

    it('finds the pooler at start, warns what breaks, and still serves the users list without session state', async () => {
      expect(app.t.database.pooler).toEqual({ mode: 'transaction', detected: true });
      const warnings = app.lines.filter((line) => line.level === WARN).map((line) => line.msg);
      expect(warnings).toEqual([
        expect.stringMatching(/DATABASE_URL is a transaction pooler .*DATABASE_DIRECT_URL/),
      ]);
      const { tokens } = await signedInAdmin(app.t);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          app.t.app.inject({
            url: `${API_PREFIX}/users?page=${(i % 3) + 1}&search=${i % 2 ? 'a' : ''}`,
            headers: tokens.headers,
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(200));
      expect(app.lines.filter((line) => line.level >= ERROR)).toEqual([]);
    });

    it('refuses to back up or restore through the pooler (pg_restore would leave search_path empty on its connections)', async () => {
      const config = app.t.config;
      const file = path.join(os.tmpdir(), `portal-pooler-${process.pid}.backup`);
      await expect(backup(config, file)).rejects.toThrow(
        /DATABASE_URL is a transaction pooler: pg_dump and pg_restore need PostgreSQL itself. Set DATABASE_DIRECT_URL/,
      );
      expect(existsSync(file)).toBe(false);
      // A pg_dump custom-format header: restore gets as far as choosing where to connect.
      writeFileSync(file, 'PGDMP');
      try {
        await expect(restore(config, file)).rejects.toThrow(
          /transaction pooler: pg_dump and pg_restore need/,
        );
      } finally {
        rmSync(file, { force: true });
      }
    });
  });
});
