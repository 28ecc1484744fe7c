import { describe, expect, it } from 'vitest';
import { META_KEYS, THROTTLE, TWO_FACTOR } from '@portal/contract';
import { useSmtpServer, useTestApp } from '../../test/use-test-app';
import { createUser } from '../../test/builders';
import { api } from '../../test/http';

const codeOf = (text: string) => /security code is (\d{6})/.exec(text)?.[1];

/**
 * The daily cap of two-factor codes (docs/api.md "Throttling"): each challenge dies after 5 wrong
 * codes, but a signed-in password opens new ones at will, so a user's wrong codes of the day are
 * capped over all their challenges.
 */
describe('two-factor codes: at most 20 wrong ones a day per user', () => {
  let clock = Date.parse('2033-03-01T08:00:00Z');
  const smtp = useSmtpServer();
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }), { now: () => new Date(clock) });
  const http = api(t);

  it('refuses the 21st code of the day, even the right one, until the day since the first wrong one is over', async () => {
    const twoFactorUser = () => createUser(t, { meta: [{ key: META_KEYS.twoFactor, value: '1' }] });
    const [user, other] = [await twoFactorUser(), await twoFactorUser()];
    let ipSeq = 0;
    // A fresh address for every request: only the user's two-factor count may grow here.
    const ip = () => `10.41.0.${++ipSeq}`;
    const challenge = async (of = user) => {
      const res = await http.post('auth/login', { username: of.email, password: of.password }, { ip: ip() });
      expect(res.statusCode).toBe(202);
      return { secret: res.json().data.secret as string, code: codeOf((await smtp.next(of.email)).text)! };
    };
    const verify = (secret: string, code: string) =>
      http.post('two-fa/verify', { secret, code }, { ip: ip() });
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

    // Right codes cost nothing: signing in with one leaves all 20 wrong ones of the day.
    const first = await challenge();
    expect((await verify(first.secret, first.code)).statusCode).toBe(200);

    const firstWrongAt = clock;
    const challenges = THROTTLE.twoFactorDailyCodes / TWO_FACTOR.maxWrongCodes;
    for (let c = 0; c < challenges; c += 1) {
      const { secret, code } = await challenge();
      for (let i = 0; i < TWO_FACTOR.maxWrongCodes; i += 1) {
        expect((await verify(secret, wrongFor(code))).statusCode).toBe(422);
      }
    }

    // An hour and a half second later: the right code of a new challenge waits for the day to end,
    // and Retry-After rounds up, so a client that waits as told is never refused again.
    clock = firstWrongAt + 60 * 60_000 + 500;
    const late = await challenge();
    const refused = await verify(late.secret, late.code);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(23 * 60 * 60);
    // The cap is the user's own: another user's codes still work.
    const others = await challenge(other);
    expect((await verify(others.secret, others.code)).statusCode).toBe(200);

    clock += Number(refused.headers['retry-after']) * 1000;
    const next = await challenge();
    expect((await verify(next.secret, next.code)).statusCode).toBe(200);
  }, 60_000);
});
