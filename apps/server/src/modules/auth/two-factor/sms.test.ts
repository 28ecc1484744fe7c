import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, META_KEYS, PRODUCT_NAME, TWO_FACTOR, TWO_FACTOR_MESSAGES } from '@portal/contract';
import { DEMO_SMS_ACCOUNT } from '../../../simulators/fixtures';
import { closedPortUrl, MISBEHAVIOURS, startFakeRemote, type FakeRemote } from '../../../test/fake-remote';
import { useSmtpServer, useTestApp } from '../../../test/use-test-app';
import { createAdmin, createUser, signIn } from '../../../test/builders';
import { api } from '../../../test/http';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtpServer } from '../../../test/smtp';

const codeOf = (text: string) => /security code is (\d{6})/.exec(text)?.[1];
const twoFactorUser = (phone?: string) => ({
  meta: [
    { key: META_KEYS.twoFactor, value: '1' },
    ...(phone ? [{ key: META_KEYS.primaryPhone, value: phone }] : []),
  ],
});
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let ips = 0;
/** A sign-in from an address of its own: throttling never links two tests. */
const login = (t: TestApp, user: { email: string; password: string }, authKey?: string) => {
  ips += 1;
  return api(t).post(
    'auth/login',
    { username: user.email, password: user.password, authKey },
    { ip: `10.41.${Math.floor(ips / 250)}.${ips % 250}` },
  );
};

describe('security codes by SMS, against the SMS simulator over HTTP', () => {
  const smtp = useSmtpServer();
  let clock = Date.now();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }), { now: () => new Date(clock) });
  const sms = () => t.simulators!.sms;
  const textsTo = (to: string) =>
    sms()
      .messages()
      .filter((m) => m.to === to);

  it('texts the code to the primary phone as well as mailing it; the notice names the phone; the code signs in', async () => {
    const user = await createUser(t, twoFactorUser('2025550123'));
    const res = await login(t, user);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.message).toBe(MESSAGES.securityCodeSentToEmailAndPhone('23'));
    expect(res.json().data.message).toContain('to your email and to the phone ending 23');

    const mailed = codeOf((await smtp.next(user.email)).text)!;
    const [text, ...more] = textsTo('+12025550123');
    expect(more).toEqual([]);
    // The simulator keeps only what came with the account's Basic auth, in Twilio's form fields.
    expect(text).toMatchObject({
      account: DEMO_SMS_ACCOUNT.account,
      to: '+12025550123',
      from: DEMO_SMS_ACCOUNT.from,
      body: TWO_FACTOR_MESSAGES.smsBody(PRODUCT_NAME, mailed),
    });
    expect(text!.body).toContain(`${PRODUCT_NAME} security code: ${mailed}.`);
    expect(text!.body.length).toBeLessThanOrEqual(160);

    const ok = await api(t).post('two-fa/verify', { code: mailed, secret: res.json().data.secret });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.id).toBe(user.id);
  });

  it('a sign-in again within the cooldown sends nothing and says the earlier code went to both', async () => {
    const user = await createUser(t, twoFactorUser('3125550147'));
    await login(t, user);
    const code = codeOf((await smtp.next(user.email)).text)!;
    const again = await login(t, user);
    expect(again.statusCode).toBe(202);
    expect(again.json().data.message).toBe(MESSAGES.securityCodeStillValidWithPhone('47'));
    expect(textsTo('+13125550147')).toHaveLength(1);
    // After the cooldown a new code goes both ways again (the resend follows the same rules).
    clock += TWO_FACTOR.resendCooldownMs + 1000;
    const third = await login(t, user);
    expect(third.json().data.message).toBe(MESSAGES.securityCodeSentToEmailAndPhone('47'));
    const newCode = codeOf((await smtp.next(user.email)).text)!;
    expect(textsTo('+13125550147')).toHaveLength(2);
    expect(textsTo('+13125550147')[0]!.body).toContain(newCode);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('no phone on file: email only, and nothing is texted', async () => {
    const user = await createUser(t, twoFactorUser());
    const before = sms().messages().length;
    const res = await login(t, user);
    expect(res.json().data.message).toBe(MESSAGES.securityCodeSent);
    await smtp.next(user.email);
    expect(sms().messages()).toHaveLength(before);
  });

  it('a number the gateway refuses (400, Twilio 21211): the code still goes by email and signs in; the notice says email only', async () => {
    // 0123456789 → +1123456789: not a North American number.
    const user = await createUser(t, twoFactorUser('0123456789'));
    const res = await login(t, user);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.message).toBe(MESSAGES.securityCodeSent);
    const code = codeOf((await smtp.next(user.email)).text)!;
    expect(textsTo('+1123456789')).toEqual([]);
    expect((await login(t, user, code)).statusCode).toBe(200);
  });
});

describe('the SMS simulator speaks Twilio', () => {
  const t = useTestApp();
  const url = () => `${t.simulators!.smsUrl}/2010-04-01/Accounts/${DEMO_SMS_ACCOUNT.account}/Messages.json`;
  const post = (authorization: string, form: Record<string, string>) =>
    fetch(url(), {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const good = basic(DEMO_SMS_ACCOUNT.account, DEMO_SMS_ACCOUNT.token);
  const form = { To: '+14155550100', From: DEMO_SMS_ACCOUNT.from, Body: 'hello' };

  it('refuses bad Basic auth with 401 and Twilio’s error 20003, and keeps nothing', async () => {
    const before = t.simulators!.sms.messages().length;
    for (const authorization of [
      basic(DEMO_SMS_ACCOUNT.account, 'wrong-token'),
      basic('ACother', DEMO_SMS_ACCOUNT.token),
      '',
    ]) {
      const res = await post(authorization, form);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    expect(t.simulators!.sms.messages()).toHaveLength(before);
  });

  it('answers 201 with a message resource (sid SM…), and refuses a bad number with 400 and error 21211', async () => {
    const sent = await post(good, form);
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      account_sid: DEMO_SMS_ACCOUNT.account,
      to: '+14155550100',
      from: DEMO_SMS_ACCOUNT.from,
      body: 'hello',
      status: 'queued',
      direction: 'outbound-api',
    });
    const bad = await post(good, { ...form, To: '555-0100' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 21211,
      message: "Invalid 'To' Phone Number: 555-0100",
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    });
    expect((await post(good, { ...form, From: '+15550000000' })).status).toBe(400);
    expect((await post(good, { ...form, Body: '' })).status).toBe(400);
  });
});

describe('an SMS gateway that fails never blocks the code by email', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  const cases: Array<[string, string, () => Promise<{ url: string; fake?: FakeRemote }>]> = [
    ['is down', 'unreachable', async () => ({ url: await closedPortUrl() })],
    [
      'answers 500',
      'status',
      async () => {
        const fake = await startFakeRemote(MISBEHAVIOURS['5xx']);
        return { url: fake.url, fake };
      },
    ],
    [
      'answers slower than the timeout',
      'timeout',
      async () => {
        const fake = await startFakeRemote(MISBEHAVIOURS.slow);
        return { url: fake.url, fake };
      },
    ],
  ];

  it.each(cases)(
    'when it %s: 202 with the email-only notice, the mail, a warn line, a counted failure; the code signs in',
    async (_what, reason, start) => {
      const gateway = await start();
      const lines: string[] = [];
      const t = await createTestApp(
        {
          SMTP_URL: smtp.url,
          SMS_URL: gateway.url,
          SMS_ACCOUNT: DEMO_SMS_ACCOUNT.account,
          SMS_TOKEN: DEMO_SMS_ACCOUNT.token,
          SMS_FROM: DEMO_SMS_ACCOUNT.from,
          EXTERNAL_TIMEOUT_MS: '500',
          METRICS_TOKEN: 'metrics-token-0123456789',
          LOG_LEVEL: 'warn',
        },
        { logStream: { write: (line) => lines.push(line) } },
      );
      try {
        const user = await createUser(t, twoFactorUser('2025550123'));
        const started = performance.now();
        const res = await login(t, user);
        expect(res.statusCode).toBe(202);
        expect(performance.now() - started).toBeLessThan(3000);
        expect(res.json().data.message).toBe(MESSAGES.securityCodeSent);
        const code = codeOf((await smtp.next(user.email)).text)!;
        expect((await login(t, user, code)).statusCode).toBe(200);

        const warned = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(warned).toContainEqual(
          expect.objectContaining({
            level: 40,
            msg: 'security code not texted: it went by email only',
            userId: user.id,
            phoneEnding: '23',
            reason,
          }),
        );
        expect(lines.join('\n')).not.toContain('2025550123');
        const metrics = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer metrics-token-0123456789' },
        });
        expect(metrics.body).toMatch(/^portal_sms_messages_total\{outcome="failed"\} 1$/m);
      } finally {
        await t.close();
        await gateway.fake?.close();
      }
    },
  );
});

describe('GET sms/outbox (admin, not in production)', () => {
  const smtp = useSmtpServer();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
  const http = api(t);

  it('lists the texts the gateway holds, newest first; customers may not', async () => {
    const user = await createUser(t, twoFactorUser('2065550188'));
    await login(t, user);
    const code = codeOf((await smtp.next(user.email)).text)!;
    const admin = await signIn(t, await createAdmin(t));
    const res = await http.get('sms/outbox', { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const [newest] = res.json().data;
    expect(newest).toMatchObject({
      to: '+12065550188',
      from: DEMO_SMS_ACCOUNT.from,
      body: TWO_FACTOR_MESSAGES.smsBody(PRODUCT_NAME, code),
      status: 'delivered',
      sid: expect.stringMatching(/^SM/),
    });
    expect(Date.parse(newest.createdAt)).not.toBeNaN();

    const customer = await signIn(t, user);
    expect((await http.get('sms/outbox', { headers: customer.headers })).statusCode).toBe(403);
    expect((await http.get('sms/outbox')).statusCode).toBe(401);
  });
});

describe('without an SMS gateway (production without SMS_URL)', () => {
  it('the code goes by email only, the notice says so, and there is no SMS outbox', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({
      APP_ENV: 'production',
      APP_KEY: 'b'.repeat(64),
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'admin-pass',
      SMTP_URL: smtp.url,
      SMS_URL: '',
    });
    try {
      expect(t.app.smsClient).toBeUndefined();
      const user = await createUser(t, twoFactorUser('2025550123'));
      const res = await login(t, user);
      expect(res.json().data.message).toBe(MESSAGES.securityCodeSent);
      await smtp.next(user.email);
      expect(t.simulators!.sms.messages()).toEqual([]);
      const admin = await signIn(t, await createAdmin(t));
      expect((await api(t).get('sms/outbox', { headers: admin.headers })).statusCode).toBe(404);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
