import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from './config';
import { desc } from 'drizzle-orm';
import { auditLog } from './db/schema';
import { createTestApp } from './test/app';
import { api } from './test/http';

describe('.env.example', () => {
  // A newcomer configures the portal from this file: a variable missing from it is invisible.
  it('lists every variable the server reads', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? ''));
    expect(ENV_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !(ENV_VARIABLES as string[]).includes(name))).toEqual(['ENV_FILE']);
  });
});

describe('safe defaults', () => {
  const production = {
    APP_ENV: 'production',
    APP_KEY: 'a'.repeat(64),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Admin#Secret-1',
    SMTP_URL: 'smtp://mail.example.com:587',
    SIMULATORS: 'on',
  };

  it('APP_ENV unset: loopback by default, and a public address with the development key is refused', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/public development key.*0\.0\.0\.0/);
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    // Chosen on purpose: an explicit APP_ENV.
    expect(loadConfig({ HOST: '0.0.0.0', APP_ENV: 'development' }).host).toBe('0.0.0.0');
    // An APP_KEY alone is no decision to run development mode on a network.
    expect(() => loadConfig({ HOST: '0.0.0.0', APP_KEY: 'b'.repeat(64) })).toThrow(
      /APP_ENV is unset, so the server would run in development mode.*0\.0\.0\.0/,
    );
    expect(loadConfig({ HOST: '0.0.0.0', APP_KEY: 'b'.repeat(64), APP_ENV: 'development' }).host).toBe(
      '0.0.0.0',
    );
  });

  it('production requires SMTP_URL; the simulators there load no demo accounts and no controls', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = production;
    expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL is required in production/);
    const config = loadConfig(production);
    expect(config.simulators).toEqual({ demoAccounts: false, controls: false });
    expect(config.bi.serviceAccount.password).not.toBe(loadConfig({}).bi.serviceAccount.password);
  });

  it('AUDIT_RETENTION_DAYS: 400 by default, at least 30', () => {
    expect(loadConfig({}).auditRetentionMs).toBe(400 * 86_400_000);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionMs).toBe(90 * 86_400_000);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '7' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('TRUST_PROXY is a hop count or a list of proxies, never a blanket "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hop count/);
  });

  it('one hop: the client IP is the address the nearest proxy saw, not what the client wrote', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1.0/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
        payload: { username: 'nobody@example.test', password: 'wrong-password' },
      });
      const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(row?.ip).toBe('203.0.113.9');
    } finally {
      await t.close();
    }
  });

  it('a forwarded value that is not an IP address is ignored, never taken as the client IP', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const lastIp = async (forwarded: string) => {
        await t.app.inject({
          method: 'POST',
          url: '/api/v1.0/auth/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': forwarded },
          payload: { username: 'nobody@example.test', password: 'wrong-password' },
        });
        const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
        return row?.ip;
      };
      // No proxy wrote anything usable: the address of the connection.
      expect(await lastIp("admin' --")).toBe('10.0.0.2');
      expect(await lastIp('<script>')).toBe('10.0.0.2');
      // The proxy's own entry still counts; the client's junk before it is dropped.
      expect(await lastIp('not-an-ip, 203.0.113.7')).toBe('203.0.113.7');
      expect(await lastIp('203.0.113.8, 2001:db8::1')).toBe('2001:db8::1');
    } finally {
      await t.close();
    }
  });

  it('production with SIMULATORS=on: the demo LD account does not sign in and /_sim controls are not there', async () => {
    // LD_URL/TS_URL empty: no outside simulators, the app mounts its own (reached over HTTP).
    const t = await createTestApp({ ...production, LD_URL: '', TS_URL: '' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const http = api(t);
      const demo = await http.post('auth/login', { username: 'ld.demo', password: 'Dispatch#2024' });
      expect(demo.statusCode).toBe(401);
      const control = await t.app.inject({ method: 'POST', url: '/sim/ts/_sim/expire-sessions' });
      expect(control.statusCode).toBe(404);
      // The BI designer lists every project: not to anyone who asks.
      const designer = await t.app.inject({ url: '/sim/bi/' });
      expect(designer.statusCode).toBe(401);
      expect(designer.body).not.toContain('Fleet Insights');
      const wrong = `Basic ${Buffer.from('admin:guess').toString('base64')}`;
      expect((await t.app.inject({ url: '/sim/bi/', headers: { authorization: wrong } })).statusCode).toBe(
        401,
      );
      const { name, password } = t.config.bi.serviceAccount;
      const own = `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
      const opened = await t.app.inject({ url: '/sim/bi/?demo=1', headers: { authorization: own } });
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('Fleet Insights');
    } finally {
      await t.close();
    }
  });
});
