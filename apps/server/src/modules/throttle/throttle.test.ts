import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, THROTTLE } from '@portal/contract';
import { auditLog, loginThrottle } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser } from '../../test/builders';
import { api } from '../../test/http';

describe('sign-in throttling (docs/api.md "Throttling")', () => {
  const t = useTestApp();
  const http = api(t);
  let ipSeq = 0;
  /** Each test signs in from its own address so the per-IP count of one never locks another. */
  const freshIp = () => `10.2.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  afterEach(() => vi.useRealTimers());

  const attempt = (username: string, password: string, ip: string) =>
    http.post('auth/login', { username, password }, { ip });
  const failTimes = async (n: number, username: string, ip: string) => {
    for (let i = 0; i < n; i += 1)
      expect((await attempt(username, 'wrong-password', ip)).statusCode).toBe(401);
  };
  const lockSeconds = THROTTLE.accountLockBaseMs / 1000;
  /** The throttle's rows of these keys, in key order. */
  const rows = (...keys: string[]) =>
    t.database.db
      .select({
        key: loginThrottle.key,
        failures: loginThrottle.failures,
        lockLevel: loginThrottle.lockLevel,
        inFlight: loginThrottle.inFlight,
      })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, keys))
      .orderBy(loginThrottle.key);

  // First in the file: the sign-in that builds the session statement carrying the settle (built once
  // per database) is this one, so what that statement does is checked where it is made.
  it('settles a right password in its session’s statement: slots given back, its own key’s failures cleared', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    await failTimes(2, user.email, ip);
    const signedIn = await attempt(user.email, user.password, ip);
    expect(signedIn.statusCode).toBe(200);
    const account = `account:user:${user.id}@${ip}`;
    expect(await rows(account, `ip:${ip}`)).toEqual([
      { key: account, failures: 0, lockLevel: 0, inFlight: 0 },
      // The address's failures are not the account's to clear.
      { key: `ip:${ip}`, failures: 2, lockLevel: 0, inFlight: 0 },
    ]);
    // With the device cookie it got, the browser counts against its device alone: a settle of one key.
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const trusted = await http.post(
      'auth/login',
      { username: user.email, password: user.password },
      { ip, headers: { cookie } },
    );
    expect(trusted.statusCode).toBe(200);
    const [device] = await t.database.db
      .select({ inFlight: loginThrottle.inFlight })
      .from(loginThrottle)
      .where(like(loginThrottle.key, 'device:%'));
    expect(device).toEqual({ inFlight: 0 });
  });

  it('lets every right password of a burst in, and leaves no slot taken', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => attempt(user.email, user.password, ip)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const account = `account:user:${user.id}@${ip}`;
    expect((await rows(account, `ip:${ip}`)).map((row) => row.inFlight)).toEqual([0, 0]);
  });

  it('locks an account at an address for a minute after 5 failures, even for the right password', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    await failTimes(THROTTLE.accountFailures, user.email, ip);
    const locked = await attempt(user.email, user.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: MESSAGES.tooManyAttempts });
    expect(Number(locked.headers['retry-after'])).toBe(lockSeconds);
    // The lock is on the account at that address, by any of its names; another address signs in.
    expect((await attempt(user.email.toUpperCase(), user.password, ip)).statusCode).toBe(429);
    expect((await attempt(user.email.toUpperCase(), user.password, freshIp())).statusCode).toBe(200);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login.locked'));
    expect(audit?.details).toMatchObject({ username: user.email, scope: 'account' });
  });

  it('holds under concurrency: of 30 wrong passwords sent at once, at most 5 are not refused with 429', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => attempt(user.email, 'wrong-password', ip)),
    );
    const notRefused = answers.filter((a) => a.statusCode !== 429);
    expect(notRefused.length).toBeLessThanOrEqual(THROTTLE.accountFailures);
    expect(notRefused.every((a) => a.statusCode === 401)).toBe(true);
    expect((await attempt(user.email, user.password, ip)).statusCode).toBe(429);
  });

  it('keeps no username an attempt typed when it was not an account', async () => {
    const ip = freshIp();
    await failTimes(THROTTLE.accountFailures, 'My$ecretPassw0rd', ip);
    expect((await attempt('My$ecretPassw0rd', 'x', ip)).statusCode).toBe(429);
    const rows = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(rows)).not.toContain('My$ecretPassw0rd');
  });

  it('counts an unknown name as one, whatever its case and surrounding spaces', async () => {
    const ip = freshIp();
    const typed = [
      'nobody@example.test',
      'NoBody@Example.TEST',
      ' nobody@example.test ',
      'NOBODY@EXAMPLE.TEST',
    ];
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) {
      expect((await attempt(typed[i % typed.length]!, 'x', ip)).statusCode).toBe(401);
    }
    expect((await attempt('nobody@example.test', 'x', ip)).statusCode).toBe(429);
  });

  it('locks an unknown account exactly like a real one', async () => {
    // One instant for both locks: Retry-After then compares what the lock says, not how long the
    // guesses between the two locks took.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-01-01T00:00:00Z'));
    const real = await createUser(t);
    const ip = freshIp();
    await failTimes(THROTTLE.accountFailures, real.email, ip);
    await failTimes(THROTTLE.accountFailures, 'ghost@example.test', ip);
    const [a, b] = [await attempt(real.email, 'x', ip), await attempt('ghost@example.test', 'x', ip)];
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.body).toBe(b.body);
    expect(a.headers['retry-after']).toBe(b.headers['retry-after']);
  });

  it('starts the lock over at a minute after a right password once a lock has ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2033-06-01T00:00:00Z');
    vi.setSystemTime(start);
    const user = await createUser(t);
    const ip = freshIp();
    await failTimes(THROTTLE.accountFailures, user.email, ip);
    vi.setSystemTime(start + THROTTLE.accountLockBaseMs);
    expect((await attempt(user.email, user.password, ip)).statusCode).toBe(200);
    await failTimes(THROTTLE.accountFailures, user.email, ip);
    const locked = await attempt(user.email, user.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(lockSeconds);
  });

  it('clears the count on a successful sign-in', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    await failTimes(THROTTLE.accountFailures - 1, user.email, ip);
    expect((await attempt(user.email, user.password, ip)).statusCode).toBe(200);
    await failTimes(THROTTLE.accountFailures, user.email, ip);
    const locked = await attempt(user.email, user.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(lockSeconds); // the lock level started over too
  });

  it('settles a right password whose session cannot be written as abandoned: slots given back, failures kept', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    await failTimes(THROTTLE.accountFailures - 1, user.email, ip);
    // The settle commits in the session's own statement: a check no new session passes fails both.
    await t.database.db.execute(
      sql`alter table sessions add constraint no_new_sessions check (false) not valid`,
    );
    try {
      expect((await attempt(user.email, user.password, ip)).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table sessions drop constraint no_new_sessions`);
    }
    const rows = await t.database.db
      .select({ key: loginThrottle.key, failures: loginThrottle.failures, inFlight: loginThrottle.inFlight })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [`account:user:${user.id}@${ip}`, `ip:${ip}`]))
      .orderBy(loginThrottle.key);
    expect(rows).toEqual([
      { key: `account:user:${user.id}@${ip}`, failures: THROTTLE.accountFailures - 1, inFlight: 0 },
      { key: `ip:${ip}`, failures: THROTTLE.accountFailures - 1, inFlight: 0 },
    ]);
    // The failures still count: one more locks the account at that address.
    await failTimes(1, user.email, ip);
    expect((await attempt(user.email, user.password, ip)).statusCode).toBe(429);
  });

  it('tells a locked client to wait what is left of the lock, rounded up, and lets it in once it has', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const lockedAt = Date.parse('2033-01-01T00:00:00Z');
    vi.setSystemTime(lockedAt);
    const user = await createUser(t);
    const ip = freshIp();
    await failTimes(THROTTLE.accountFailures, user.email, ip);

    vi.setSystemTime(lockedAt + 20_500);
    const early = await attempt(user.email, user.password, ip);
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(lockSeconds - 20);
    vi.setSystemTime(lockedAt + lockSeconds * 1000 - 100);
    expect((await attempt(user.email, user.password, ip)).headers['retry-after']).toBe('1');

    vi.setSystemTime(lockedAt + 20_500 + Number(early.headers['retry-after']) * 1000);
    expect((await attempt(user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('doubles the lock each time, up to 15 minutes, and lets the account in once it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const user = await createUser(t);
    const ip = freshIp();
    const seen: number[] = [];
    for (const expected of [60, 120, 240, 480, 900, 900]) {
      await failTimes(THROTTLE.accountFailures, user.email, ip);
      const locked = await attempt(user.email, user.password, ip);
      expect(locked.statusCode).toBe(429);
      seen.push(Number(locked.headers['retry-after']));
      expect(seen.at(-1)).toBe(expected);
      vi.setSystemTime(Date.now() + expected * 1000 + 1000);
    }
    expect(Math.max(...seen) * 1000).toBe(THROTTLE.accountLockMaxMs);
    expect((await attempt(user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('refuses an IP after 50 failures in 15 minutes, whatever the account', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'));
    const user = await createUser(t);
    const ip = freshIp();
    // Different names, so no account lock gets in the way: only the IP count grows.
    for (let i = 0; i < THROTTLE.ipFailures; i += 1) {
      expect((await attempt(`spray-${i}@example.test`, 'guess', ip)).statusCode).toBe(401);
    }
    const refused = await attempt(user.email, user.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBe(THROTTLE.ipWindowMs / 1000);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login.locked'));
    expect(audits.find((a) => a.targetId === String(user.id))?.details).toMatchObject({ scope: 'ip' });
    expect((await attempt(user.email, user.password, freshIp())).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + THROTTLE.ipWindowMs);
    expect((await attempt(user.email, user.password, ip)).statusCode).toBe(200);
  }, 60_000);
});
