import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_LIMITS,
  META_KEYS,
  PASSWORD_MESSAGES,
  PRODUCT_NAME,
  RESET_TOKEN_TTL_MS,
  VALIDATION,
} from '@portal/contract';
import { useSmtpServer, useTestApp } from '../../test/use-test-app';
import { bearer, createUser, signIn, type BuiltUser } from '../../test/builders';
import { api } from '../../test/http';

const APP_URL = 'https://portal.example.test';
const linkOf = (text: string) => /(https?:\/\/\S+\/reset-password\?token=[\w%-]+)/.exec(text)?.[1];
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

describe('password reset', () => {
  const smtp = useSmtpServer();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, APP_URL }), { now: () => new Date(clock) });
  const http = api(t);
  let clock = Date.now();
  let ipSeq = 0;
  const ip = () => `10.50.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

  async function requestLink(user: BuiltUser) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/passwords/forgot',
      headers: { host: 'evil.example.test', 'x-forwarded-host': 'evil.example.test' },
      remoteAddress: ip(),
      payload: { email: user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.next(user.email);
    return { mail, link: linkOf(mail.text)! };
  }
  const reset = (token: string, email: string, password = 'new-pass-1') =>
    http.post('passwords/reset', { token, email, password, password_confirmation: password }, { ip: ip() });

  it('answers the same status and body for existing, unknown and blocked emails; mails only the first', async () => {
    const user = await createUser(t);
    const blocked = await createUser(t, { blocked: true });
    const answers = [];
    for (const email of [user.email, 'nobody@example.test', blocked.email]) {
      const started = performance.now();
      const res = await http.post('passwords/forgot', { email }, { ip: ip() });
      answers.push({ status: res.statusCode, body: res.body, ms: performance.now() - started });
    }
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(JSON.parse(answers[0]!.body)).toEqual({ data: { message: PASSWORD_MESSAGES.resetLinkSent } });
    for (const a of answers) expect(a.ms).toBeGreaterThanOrEqual(240);
    await smtp.next(user.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.unread(blocked.email)).toHaveLength(0);
  });

  it('mails a link on APP_URL (never the Host header) with text, HTML and the product name', async () => {
    const user = await createUser(t);
    const { mail, link } = await requestLink(user);
    expect(link.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
    expect(mail.raw).not.toContain('evil.example.test');
    expect(mail.html).toContain(`${APP_URL}/reset-password?token=`);
    expect(mail.text).toContain(PRODUCT_NAME);
    expect(tokenOf(link)).toMatch(/^[\w-]{43}$/);
  });

  it('resets with the right email once; revokes every session; mails the notice; old password fails', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    expect((await http.get('auth/me', { headers: session.headers })).statusCode).toBe(200);
    const { link } = await requestLink(user);
    const token = tokenOf(link);

    const wrongEmail = await reset(token, 'someone-else@example.test');
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json().errors.email).toEqual([PASSWORD_MESSAGES.invalidResetToken]);

    const mismatch = await http.post('passwords/reset', {
      token,
      email: user.email,
      password: 'new-pass-1',
      password_confirmation: 'other-pass',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([VALIDATION.passwordsMustMatch]);

    const ok = await reset(token, user.email.toUpperCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: PASSWORD_MESSAGES.resetDone } });
    expect((await http.get('auth/me', { headers: bearer(session.accessToken) })).statusCode).toBe(401);
    const notice = await smtp.next(user.email);
    expect(notice.subject).toMatch(/password was changed/i);
    expect(notice.text).not.toContain('new-pass-1');

    expect((await reset(token, user.email)).statusCode).toBe(422);
    const login = (password: string) =>
      http.post('auth/login', { username: user.email, password }, { ip: ip() });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login('new-pass-1')).statusCode).toBe(200);
  });

  it('refuses a link after 60 minutes', async () => {
    const user = await createUser(t);
    const { link } = await requestLink(user);
    clock += RESET_TOKEN_TTL_MS + 1000;
    expect((await reset(tokenOf(link), user.email)).statusCode).toBe(422);
  });

  it('still asks for the two-factor code after a reset', async () => {
    const user = await createUser(t, { meta: [{ key: META_KEYS.twoFactor, value: '1' }] });
    const { link } = await requestLink(user);
    expect((await reset(tokenOf(link), user.email, 'brand-new-1')).statusCode).toBe(200);
    await smtp.next(user.email); // the 'password changed' notice
    const res = await http.post(
      'auth/login',
      { username: user.email, password: 'brand-new-1' },
      { ip: ip() },
    );
    expect(res.statusCode).toBe(202);
    expect(await smtp.next(user.email)).toBeTruthy();
  });

  it('rate-limits per email (429 + Retry-After, the same for unknown emails) and per IP', async () => {
    for (const email of ['limit-known@example.test', 'limit-unknown@example.test']) {
      if (email.startsWith('limit-known')) await createUser(t, { email });
      const statuses = [];
      let last;
      for (let i = 0; i <= FORGOT_PASSWORD_LIMITS.perEmail; i += 1) {
        last = await http.post('passwords/forgot', { email }, { ip: ip() });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([...Array(FORGOT_PASSWORD_LIMITS.perEmail).fill(200), 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json()).toEqual({ message: PASSWORD_MESSAGES.tooManyResetRequests });
    }
    const sameIp = '10.99.0.1';
    const statuses = [];
    for (let i = 0; i <= FORGOT_PASSWORD_LIMITS.perIp; i += 1) {
      statuses.push(
        (await http.post('passwords/forgot', { email: `ip-${i}@example.test` }, { ip: sameIp })).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    await smtp.next('limit-known@example.test');
  });

  it('422 for a malformed or unknown token', async () => {
    expect((await reset('nope', 'a@example.test')).statusCode).toBe(422);
    expect((await reset('x'.repeat(43), 'a@example.test')).statusCode).toBe(422);
  });
});
