import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactUrl } from './log-redaction';

describe('no secrets in request logs', () => {
  it('redacts token-, ticket- and code-like query values and keeps the rest', () => {
    expect(redactUrl('/api/v1.0/auth/external-login?token=abc&x=1')).toBe(
      '/api/v1.0/auth/external-login?token=[redacted]&x=1',
    );
    expect(redactUrl('/sim/bi/Dashboard/d1?e=false&logonTokenId=t-1')).toBe(
      '/sim/bi/Dashboard/d1?e=false&logonTokenId=[redacted]',
    );
    expect(redactUrl('/reset-password?token=r')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/users?page=2&search=ann')).toBe('/users?page=2&search=ann');
  });

  describe('through the app’s logger', () => {
    const lines: string[] = [];
    let database: Database;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: 'memory://' });
      database = await openDatabase(config);
      app = await buildApp(config, {
        database,
        logStream: { write: (line) => void lines.push(line) },
        housekeepingTimer: false,
      });
      // A statement that fails with the input in its error, the way drizzle wraps pg's (params) and
      // pg reports a unique violation (detail).
      app.get('/test/failing-statement', async () => {
        const violation = Object.assign(
          new Error('duplicate key value violates unique constraint "users_email_key"'),
          {
            code: '23505',
            detail: 'Key (email)=(secret-value@example.test) already exists.',
          },
        );
        throw new DrizzleQueryError(
          'insert into "users" ("email") values ($1)',
          ['secret-value@example.test'],
          violation,
        );
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('logs a client’s x-request-id only as client_request_id beside the server’s own id', async () => {
      const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'client-chosen-7' } });
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const mine = entries.filter((entry) => entry.reqId === res.headers['x-request-id']);
      expect(mine.length).toBeGreaterThan(0);
      for (const entry of mine) expect(entry.client_request_id).toBe('client-chosen-7');
      expect(entries.some((entry) => entry.reqId === 'client-chosen-7')).toBe(false);
    });

    it('logs public file URLs without their capability key', async () => {
      const key = 'Q'.repeat(43);
      await app.inject({ url: `/api/v1.0/files/public/${key}/thumbnail` });
      const log = lines.join('');
      expect(log).toContain('/api/v1.0/files/public/[redacted]/thumbnail');
      expect(log).not.toContain(key);
    });

    it('logs a failed statement and its SQLSTATE, never its values', async () => {
      await app.inject({ url: '/test/failing-statement' });
      const entry = lines
        .map((line) => JSON.parse(line) as { err?: { message: string; code?: string }; msg: string })
        .find((e) => e.msg === 'unhandled error');
      expect(entry?.err?.message).toContain('insert into "users"');
      expect(entry?.err?.code).toBe('23505');
      expect(lines.join('')).not.toContain('secret-value@example.test');
    });

    it('logs the request line without the secret', async () => {
      await app.inject({ url: '/api/v1.0/broadcasting/stream?ticket=super-secret-ticket' });
      await app.inject({ url: '/reset-password?token=super-secret-reset' });
      const log = lines.join('');
      expect(log).toContain('ticket=[redacted]');
      expect(log).not.toContain('super-secret');
    });
  });
});
