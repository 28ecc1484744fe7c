import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  META_KEYS,
  PRODUCT_NAME,
  sessionSchema,
  THROTTLE,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
} from '@portal/contract';
import { auditLog } from '../../../db/schema';
import { useSmtpServer, useTestApp } from '../../../test/use-test-app';
import { createUser, type BuiltUser } from '../../../test/builders';
import { api } from '../../../test/http';

const codeOf = (text: string) => /security code is (\d{6})/.exec(text)?.[1];

describe('two-factor sign-in by mailed code', () => {
  const smtp = useSmtpServer();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }), { now: () => new Date(clock) });
  const http = api(t);
  let clock = Date.now();
  const twoFactorOn: Array<{ key: string; value: string }> = [{ key: META_KEYS.twoFactor, value: '1' }];

  let n = 0;
  /** A fresh two-factor user and IP, so throttling and cooldowns never leak between tests. */
  async function fresh(meta = twoFactorOn) {
    n += 1;
    const user = await createUser(t, { meta });
    const ip = `10.40.0.${n}`;
    const login = (authKey?: string) =>
      http.post('auth/login', { username: user.email, password: user.password, authKey }, { ip });
    return { user, ip, login };
  }
  const challengeAndCode = async (
    login: () => ReturnType<ReturnType<typeof api>['post']>,
    user: BuiltUser,
  ) => {
    const res = await login();
    expect(res.statusCode).toBe(202);
    const mail = await smtp.next(user.email);
    return { secret: res.json().data.secret as string, code: codeOf(mail.text)!, mail };
  };

  it('answers 202 with a secret and the message, and mails a 6-digit code (text and HTML, product name)', async () => {
    const { user, login } = await fresh();
    const res = await login();
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body.data.message).toBe(MESSAGES.securityCodeSent);
    expect(body.data.secret).toMatch(/^[\w-]{43}$/);
    expect(body.data).not.toHaveProperty('access_token');
    const mail = await smtp.next(user.email);
    expect(codeOf(mail.text)).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(codeOf(mail.text));
    expect(mail.text).toContain(PRODUCT_NAME);
    expect(mail.subject).toContain(PRODUCT_NAME);
    expect(mail.text).not.toContain(user.password);
  });

  it('with a primary phone number the notice names its last two digits too (texts: sms.test.ts)', async () => {
    const { login, user } = await fresh([
      ...twoFactorOn,
      { key: META_KEYS.primaryPhone, value: '2025550123' },
    ]);
    const res = await login();
    expect(res.json().data.message).toBe(MESSAGES.securityCodeSentToEmailAndPhone('23'));
    await smtp.next(user.email);
  });

  it('signs in when the same call carries the code as authKey; the code works once', async () => {
    const { user, login } = await fresh();
    const { code } = await challengeAndCode(login, user);
    const ok = await login(code);
    expect(ok.statusCode).toBe(200);
    expect(sessionSchema.parse(ok.json().data).user.id).toBe(user.id);
    const again = await login(code);
    // No live challenge any more: a new sign-in needs a new code (202 would need no authKey).
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.authKey).toEqual([TWO_FACTOR_MESSAGES.invalidCode]);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(user.id)), like(auditLog.action, 'auth.%')));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'auth.two_factor.challenged',
        'auth.two_factor.passed',
        'auth.login.succeeded',
      ]),
    );
  });

  it('POST two-fa/verify signs in by the secret of the challenge', async () => {
    const { user, login } = await fresh();
    const { secret, code } = await challengeAndCode(login, user);
    const bad = await http.post('two-fa/verify', { code: code === '000000' ? '111111' : '000000', secret });
    expect(bad.statusCode).toBe(422);
    const res = await http.post('two-fa/verify', { code, secret });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(user.id);
    expect((await http.post('two-fa/verify', { code, secret })).statusCode).toBe(422);
    expect((await http.post('two-fa/verify', { code, secret: 'x'.repeat(43) })).statusCode).toBe(422);
  });

  it('refuses a code after 10 minutes with 422 errors.authKey', async () => {
    const { user, login } = await fresh();
    const { code } = await challengeAndCode(login, user);
    clock += TWO_FACTOR.codeTtlMs + 1000;
    const res = await login(code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.invalidCode,
      errors: { authKey: [TWO_FACTOR_MESSAGES.invalidCode] },
    });
  });

  it('kills the challenge after 5 wrong codes: even the right one fails then', async () => {
    const { user, login } = await fresh();
    const { code } = await challengeAndCode(login, user);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < TWO_FACTOR.maxWrongCodes; i += 1) expect((await login(wrong)).statusCode).toBe(422);
    // Wrong codes count against the account like wrong passwords: the fifth locked it for a minute.
    expect((await login(code)).statusCode).toBe(429);
    clock += THROTTLE.accountLockBaseMs + 1000;
    expect((await login(code)).statusCode).toBe(422);
  });

  it('a second sign-in within the cooldown answers 202 without a new mail; after it, a new code', async () => {
    const { user, login } = await fresh();
    const first = await challengeAndCode(login, user);
    const again = await login();
    expect(again.statusCode).toBe(202);
    expect(again.json().data.secret).not.toBe(first.secret);
    // No new mail: the notice says the code sent earlier still works, not that one was just sent.
    expect(again.json().data.message).toBe(MESSAGES.securityCodeStillValid);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.unread(user.email)).toHaveLength(0);
    // Same code, new secret: the new secret verifies it.
    clock += TWO_FACTOR.resendCooldownMs + 1000;
    const third = await challengeAndCode(login, user);
    expect(third.code).toMatch(/^\d{6}$/);
    expect(smtp.unread(user.email)).toHaveLength(0);
    const ok = await http.post('two-fa/verify', { code: third.code, secret: third.secret });
    expect(ok.statusCode).toBe(200);
  });

  it('a wrong password never reaches the two-factor step', async () => {
    const { user, ip } = await fresh();
    const res = await http.post('auth/login', { username: user.email, password: 'wrong-pass' }, { ip });
    expect(res.statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.unread(user.email)).toHaveLength(0);
  });

  it('users without two-factor sign in directly (authKey ignored)', async () => {
    const { login } = await fresh([]);
    expect((await login()).statusCode).toBe(200);
  });
});
