import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { useTestApp } from '../test/use-test-app';
import { startTestSimulators, type TestSimulators } from '../test/simulators';
import { MESSAGES, META_KEYS } from '@portal/contract';
import { createAdmin, createUser, signIn } from '../test/builders';
import { api } from '../test/http';
import { DEMO_SMS_ACCOUNT, loadSimulatorFixtures } from './fixtures';

describe('simulator app pages: the hand-off a real LD or TS performs', () => {
  let sims: TestSimulators;
  beforeAll(async () => {
    sims = await startTestSimulators({ portalUrl: 'http://portal.test:3000' });
  });
  afterAll(() => sims.close());

  const post = (url: string, form: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });

  for (const [system, url, username, password] of [
    ['LD', () => sims.ldUrl, 'ld.demo', 'Dispatch#2024'],
    ['TS', () => sims.tsUrl, 'ts.demo@example.com', 'Telemetry#2024'],
  ] as const) {
    it(`${system}: the page posts to its own /handoff; a sign-in there redirects to the portal's /ext-login`, async () => {
      const page = await fetch(`${url()}/`);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain('action="/handoff"');
      expect(html).not.toMatch(/<script/i);

      const refused = await post(`${url()}/handoff`, { username, password: 'wrong' });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toMatch(/role="alert">Invalid (username|email) or password\./);

      const ok = await post(`${url()}/handoff`, { username, password });
      expect(ok.status).toBe(303);
      const location = new URL(ok.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('http://portal.test:3000/ext-login');
      const token = location.searchParams.get('token')!;
      const introspect = () =>
        fetch(`${url()}/api/sso/introspect`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        });
      expect((await introspect()).status).toBe(200);
      expect((await introspect()).status).toBe(401);
    });
  }
});

describe('mounted simulators (no LD_URL / TS_URL)', () => {
  const t = useTestApp({ LD_URL: '', TS_URL: '' });
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('serve /sim/ld and /sim/ts on the portal, and the clients reach them over HTTP', async () => {
    expect(t.simulators).toBeNull();
    const result = await t.app.dispatchClient.signIn({ username: 'ld.demo', password: 'Dispatch#2024' });
    expect(result).toMatchObject({ kind: 'signed-in', user: { id: 'ld-1001' } });
    const ts = await t.app.telemetryClient.signIn({
      email: 'ts.demo@example.com',
      password: 'Telemetry#2024',
    });
    expect(ts).toMatchObject({ kind: 'signed-in', user: { id: 'ts-2001' } });
    const page = await t.app.inject({ url: '/sim/ld' });
    expect(page.body).toContain('action="/sim/ld/handoff"');
    // A path, not `${APP_URL}/sim/ld/`: the card opens on whatever host the browser used.
    expect(t.config.linkedApps.ld.appUrl).toBe('/sim/ld/');
  });

  it('serve /sim/sms: a security code is texted there and the SMS outbox lists it', async () => {
    const user = await createUser(t, {
      meta: [
        { key: META_KEYS.twoFactor, value: '1' },
        { key: META_KEYS.primaryPhone, value: '2125550199' },
      ],
    });
    const res = await api(t).post('auth/login', { username: user.email, password: user.password });
    expect(res.json().data.message).toBe(MESSAGES.securityCodeSentToEmailAndPhone('99'));
    const admin = await signIn(t, await createAdmin(t));
    const outbox = await api(t).get('sms/outbox', { headers: admin.headers });
    // In E.164 with SMS_COUNTRY_CODE (default +1).
    expect(outbox.json().data[0]).toMatchObject({
      to: '+12125550199',
      from: DEMO_SMS_ACCOUNT.from,
      body: expect.stringMatching(/security code: \d{6}\./),
    });
  });
});

describe('simulator configuration', () => {
  const production = {
    APP_ENV: 'production',
    APP_KEY: 'a'.repeat(64),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'secret1',
    SMTP_URL: 'smtp://mail.example.com:587',
  };

  it('reads extra accounts from SIMULATOR_FIXTURES, with stable ids', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fixtures-'));
    const file = path.join(dir, 'fixtures.json');
    writeFileSync(
      file,
      JSON.stringify({
        ld: { accounts: [{ username: 'extra.ld', password: 'pw', name: 'Extra', email: 'extra@ld.test' }] },
        ts: { accounts: [{ email: 'extra@ts.test', password: 'pw', name: 'Extra TS' }] },
      }),
    );
    const first = loadSimulatorFixtures(file);
    expect(first.ld.map((a) => a.username)).toEqual(['ld.demo', 'extra.ld']);
    expect(first.ts.map((a) => a.email)).toEqual(['ts.demo@example.com', 'extra@ts.test']);
    expect(loadSimulatorFixtures(file).ld[1]!.id).toBe(first.ld[1]!.id);

    writeFileSync(file, JSON.stringify({ ld: { accounts: [{ username: 'no-password' }] } }));
    expect(() => loadSimulatorFixtures(file)).toThrow(/SIMULATOR_FIXTURES: .*ld\.accounts\.0\.password/);
    expect(() => loadSimulatorFixtures(path.join(dir, 'missing.json'))).toThrow(
      /SIMULATOR_FIXTURES: cannot read/,
    );
  });

  it('SMS: SMS_URL needs its account, token and sender; unset, the simulator stands in outside production only', () => {
    expect(() => loadConfig({ SMS_URL: 'https://api.twilio.com' })).toThrow(
      /SMS_ACCOUNT is required with SMS_URL[\s\S]*SMS_TOKEN[\s\S]*SMS_FROM/,
    );
    expect(() => loadConfig({ SMS_FROM: '555-0100' })).toThrow(/SMS_FROM must be a number in E\.164/);
    expect(() => loadConfig({ SMS_COUNTRY_CODE: '+0' })).toThrow(/SMS_COUNTRY_CODE must be/);
    const configured = loadConfig({
      SMS_URL: 'https://api.twilio.com/',
      SMS_ACCOUNT: 'AC0123',
      SMS_TOKEN: 'token',
      SMS_FROM: 'Portal',
      SMS_COUNTRY_CODE: '27',
    });
    expect(configured.sms).toEqual({
      url: 'https://api.twilio.com',
      account: 'AC0123',
      token: 'token',
      from: 'Portal',
      countryCode: '+27',
    });
    expect(loadConfig({}).sms).toMatchObject({ url: undefined, ...DEMO_SMS_ACCOUNT, countryCode: '+1' });
    expect(
      loadConfig({
        SIMULATORS: 'off',
        LD_URL: 'https://ld.test',
        TS_URL: 'https://ts.test',
        BI_URL: 'https://bi.test',
        BI_SERVICE_PASSWORD: 'x',
      }).sms,
    ).toBeUndefined();
    expect(loadConfig({ ...production, SIMULATORS: 'on' }).sms).toBeUndefined();
  });

  it('production needs LD_URL, TS_URL and BI_URL unless SIMULATORS=on', () => {
    expect(() => loadConfig(production)).toThrow(
      /LD_URL is required when the simulators are off[\s\S]*TS_URL[\s\S]*BI_URL/,
    );
    expect(loadConfig({ ...production, SIMULATORS: 'on' }).linkedApps.ld.apiUrl).toBeUndefined();
    const configured = loadConfig({
      ...production,
      LD_URL: 'https://ld.example.com/',
      TS_URL: 'https://ts.example.com/x',
      BI_URL: 'https://bi.example.com/',
      BI_SERVICE_PASSWORD: 'service-secret',
    });
    expect(configured.linkedApps.ld).toEqual({
      apiUrl: 'https://ld.example.com',
      appUrl: 'https://ld.example.com',
    });
    expect(configured.linkedApps.ts.appUrl).toBe('https://ts.example.com');
    expect(configured.bi).toEqual({
      apiUrl: 'https://bi.example.com',
      publicUrl: 'https://bi.example.com',
      serviceAccount: { name: 'portal-service', password: 'service-secret' },
    });
    expect(configured.resources).toEqual({
      tsApiDocsUrl: 'https://ts.example.com/docs',
      analysisUrl: 'https://bi.example.com/analysis',
    });
    expect(() => loadConfig({ ...production, SIMULATORS: 'on', BI_URL: 'https://bi.example.com' })).toThrow(
      /BI_SERVICE_PASSWORD is required with BI_URL/,
    );
  });
});
