import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
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
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
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
