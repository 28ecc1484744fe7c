import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ROLE_IDS } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/app';
import { signedInAdmin, type TestTokens } from '../test/builders';
import { canRunPrivatePostgres, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres';

/**
 * The database going away (docs/decisions/0019-reliability.md), on a PostgreSQL server of the test's own (port 55432 or the next free
 * one): connections killed mid-request, and the whole server stopped for 5 s under load and
 * started again. Skipped only where no PostgreSQL binaries are installed (they are on the
 * project's machines).
 */
const PORT = 55_432;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(canRunPrivatePostgres())('the database going away', () => {
  let server: PrivatePostgres;
  let t: TestApp;
  let admin: { id: number; tokens: TestTokens };
  beforeAll(async () => {
    server = await startPrivatePostgres(PORT);
    t = await createTestApp({}, { databaseUrl: server.url });
    admin = await signedInAdmin(t);
  }, 120_000);
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await server?.destroy();
    }
  }, 60_000);

  let serial = 0;
  const createUser = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/users',
      headers: admin.tokens.headers,
      payload: {
        name: 'Outage Tester',
        email: `outage-${(serial += 1)}-${Date.now()}@example.com`,
        password: 'secret-123',
        password_confirmation: 'secret-123',
        meta: [],
        role_id: ROLE_IDS.customer,
      },
    });
  const adminClient = async () => {
    const client = new pg.Client({ connectionString: server.url });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };

  it('survives pg_terminate_backend of the connection serving a request, and serves the next one', async () => {
    const locker = await adminClient();
    try {
      // Hold the users table so the request is surely inside the database when its connection dies.
      await locker.query('BEGIN; LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const pending = t.app.inject({ url: '/api/v1.0/users?search=x', headers: admin.tokens.headers });
      await sleep(300);
      const killed = await locker.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await locker.query('ROLLBACK');
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: MESSAGES.serviceUnavailable });
    } finally {
      await locker.end();
    }
    // The pool dropped the dead clients: the next call gets a fresh connection.
    const next = await t.app.inject({ url: '/api/v1.0/users', headers: admin.tokens.headers });
    expect(next.statusCode).toBe(200);
    expect((await createUser()).statusCode).toBe(201);
  });

  it('an export whose database is lost before its first row answers 503 with the envelope, not a cut 200', async () => {
    const locker = await adminClient();
    try {
      // The export's first read waits on audit_log (the guard never reads it) when its connection dies.
      await locker.query('BEGIN; LOCK TABLE audit_log IN ACCESS EXCLUSIVE MODE');
      const pending = t.app.inject({ url: '/api/v1.0/audit-log/export', headers: admin.tokens.headers });
      await sleep(300);
      await locker.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      await locker.query('ROLLBACK');
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: MESSAGES.serviceUnavailable });
    } finally {
      await locker.end();
    }
  });

  it('answers 503 during a 5 s outage, recovers within 5 s, re-subscribes realtime and loses nothing acknowledged', async () => {
    // The listener the previous test cut may still be coming back: wait until it has.
    await sleep(1_000);
    const reconnected: number[] = [];
    t.app.realtime.bus.onReconnect(() => reconnected.push(Date.now()));
    const clearCache = vi.spyOn(t.app.sessionCache, 'clear');
    // A session resolved now sits in the cache; it must not outlive the reconnect.
    expect((await t.app.inject({ url: '/api/v1.0/auth/me', headers: admin.tokens.headers })).statusCode).toBe(
      200,
    );

    type Answer = {
      status: number;
      ms: number;
      at: number;
      retryAfter?: string;
      message?: unknown;
      email: string;
    };
    const answers: Answer[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        const startedAt = Date.now();
        const res = await createUser();
        const body = res.json() as { message?: unknown; data?: { email?: string } };
        answers.push({
          status: res.statusCode,
          ms: Date.now() - startedAt,
          at: startedAt,
          retryAfter: res.headers['retry-after'] as string | undefined,
          message: body.message,
          email: body.data?.email ?? '',
        });
        if (res.statusCode !== 201) await sleep(100);
      }
    };
    const clients = Array.from({ length: 8 }, () => client());
    await sleep(500);
    await server.stop();
    const stoppedAt = Date.now();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    await sleep(5_000);
    await server.start();
    const startedAt = Date.now();
    // Writes succeed again within 5 s of the database returning.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - startedAt < 10_000) {
      if (answers.some((a) => a.status === 201 && a.at >= startedAt)) recoveredAt = Date.now();
      else await sleep(100);
    }
    running = false;
    await Promise.all(clients);

    expect(recoveredAt - startedAt).toBeLessThan(5_000);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const during = answers.filter((a) => a.at >= stoppedAt && a.at < startedAt);
    expect(during.length).toBeGreaterThan(0);
    for (const a of answers) {
      expect([201, 503]).toContain(a.status);
      expect(a.ms).toBeLessThan(10_000);
      if (a.status === 503) {
        expect(a.retryAfter).toBe('5');
        expect(a.message).toBe(MESSAGES.serviceUnavailable);
      }
    }
    expect(during.filter((a) => a.status === 503).length).toBeGreaterThan(0);

    // The LISTEN connection came back (and cleared the session cache) within 5 s.
    const back = () => reconnected.find((at) => at >= startedAt);
    while (!back() && Date.now() - startedAt < 5_000) await sleep(100);
    expect(back()! - startedAt).toBeLessThan(5_000);
    expect(clearCache).toHaveBeenCalled();
    const delivered = new Promise((resolve) => t.app.realtime.bus.onMessage(resolve));
    await t.app.realtime.publish('outage-test', 'Ping', {});
    await expect(delivered).resolves.toMatchObject({ channel: 'outage-test' });

    // Every user the API acknowledged (201) is in the database.
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.email);
    const check = await adminClient();
    try {
      const { rows } = await check.query<{ n: string }>(
        'SELECT count(*) AS n FROM users WHERE email = ANY($1)',
        [acknowledged],
      );
      expect(Number(rows[0]!.n)).toBe(acknowledged.length);
    } finally {
      await check.end();
    }
  }, 90_000);
});
