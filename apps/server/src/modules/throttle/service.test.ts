import { describe, expect, it } from 'vitest';
import { THROTTLE } from '@portal/contract';
import { useTestApp } from '../../test/use-test-app';
import { createThrottleRepository, type ThrottleRule } from './repository';
import { createThrottleService, type SignInAttempt } from './service';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The throttle's rules (docs/api.md "Throttling", decision 0030) at the service, over the test
 * app's database and a clock the test sets: what a caller is told (the lock, its scope, the
 * seconds to wait, whether a right password is past the daily cap) after a given history of
 * attempts, and the same for a user's two-factor codes. The sign-in routes' tests (throttle.test.ts,
 * two-factor-cap.test.ts) show the same through HTTP; here the histories are long (a hundred
 * failures, a day, locks doubling to their longest) and cost no password hashing.
 */
describe('the sign-in throttle, attempt by attempt', () => {
  const t = useTestApp();
  let seq = 0;
  /** A name and an address no other test uses. */
  const fresh = () => {
    seq += 1;
    return { login: `someone-${seq}@example.test`, ip: `10.77.${Math.floor(seq / 250)}.${seq % 250}` };
  };

  function throttleAt(start: number) {
    const clock = { now: start };
    const repository = createThrottleRepository(t.database.db);
    const service = createThrottleService({ throttle: repository });
    const now = () => new Date(clock.now);
    const admit = (attempt: SignInAttempt) => service.admitSignIn(attempt, now);
    /** An attempt admitted and judged wrong; fails the test if it was refused. */
    const fail = async (attempt: SignInAttempt) => {
      const { ticket, lock } = await admit(attempt);
      expect(lock).toBeUndefined();
      await service.signInFailed(ticket!, now());
    };
    const succeed = async (attempt: SignInAttempt) => {
      const { ticket, lock } = await admit(attempt);
      expect(lock).toBeUndefined();
      await service.signInSucceeded(ticket!, now());
      return ticket!;
    };
    return { clock, repository, service, now, admit, fail, succeed };
  }

  it('tells a locked account to wait what is left of its lock, in seconds rounded up', async () => {
    const { clock, admit, fail } = throttleAt(Date.UTC(2034, 0, 1));
    const attempt = fresh();
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) await fail(attempt);
    const lockedAt = clock.now;
    clock.now = lockedAt + 20_500;
    expect(await admit(attempt)).toEqual({ lock: { scope: 'account', retryAfterSeconds: 40 } });
    clock.now = lockedAt + THROTTLE.accountLockBaseMs - 1;
    expect(await admit(attempt)).toEqual({ lock: { scope: 'account', retryAfterSeconds: 1 } });
    clock.now = lockedAt + THROTTLE.accountLockBaseMs;
    expect((await admit(attempt)).ticket).toBeDefined();
  });

  it('locks an address after its failures of the window, whatever the names, till the window ends', async () => {
    const { clock, admit, fail } = throttleAt(Date.UTC(2034, 1, 1));
    const { ip } = fresh();
    const windowStart = clock.now;
    for (let i = 0; i < THROTTLE.ipFailures; i += 1) {
      await fail({ login: `spray-${seq}-${i}@example.test`, ip });
      clock.now += 1_000;
    }
    const someone = { ...fresh(), ip };
    expect(await admit(someone)).toEqual({
      lock: { scope: 'ip', retryAfterSeconds: (THROTTLE.ipWindowMs - THROTTLE.ipFailures * 1_000) / 1000 },
    });
    // The window runs from its first failure: it ends, lock and count, exactly then.
    clock.now = windowStart + THROTTLE.ipWindowMs;
    expect((await admit(someone)).ticket).toBeDefined();
  });

  it('counts a window afresh once it is over: the failures of the last one no longer add up', async () => {
    const { clock, admit, fail } = throttleAt(Date.UTC(2034, 2, 1));
    const { ip } = fresh();
    const names = (i: number) => ({ login: `spread-${seq}-${i}@example.test`, ip });
    for (let i = 0; i < THROTTLE.ipFailures - 1; i += 1) await fail(names(i));
    clock.now += THROTTLE.ipWindowMs;
    // One more failure a window later is the first of a new window, not the last of the old.
    await fail(names(100));
    expect((await admit(names(101))).ticket).toBeDefined();
  });

  it('holds a browser with the account’s device cookie to its own lock, and nobody else to it', async () => {
    const { admit, fail } = throttleAt(Date.UTC(2034, 3, 1));
    const { login, ip } = fresh();
    const device = { login, ip, userId: 9_000_001, device: `nonce-${seq}` };
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) await fail(device);
    expect(await admit(device)).toEqual({ lock: { scope: 'device', retryAfterSeconds: 60 } });
    // The same account from the same address without the cookie is not locked by it…
    const { ticket } = await admit({ login, ip, userId: 9_000_001 });
    expect(ticket).toBeDefined();
    // …and the device is not locked by the account's lock at its address.
    const other = { login, ip, userId: 9_000_002 };
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) await fail(other);
    expect((await admit(other)).lock?.scope).toBe('account');
    expect((await admit({ ...other, device: `nonce-${seq}-b` })).ticket).toBeDefined();
  });

  it('clears on a success only the failures of its own key that it saw, and none when it raced another attempt', async () => {
    const { service, now, admit, fail, succeed } = throttleAt(Date.UTC(2034, 4, 1));
    const attempt = fresh();
    for (let i = 0; i < 3; i += 1) await fail(attempt);
    // Two attempts at once: the second sees the first in flight, so its success clears nothing.
    const first = (await admit(attempt)).ticket!;
    const second = (await admit(attempt)).ticket!;
    expect([first.contended, second.contended]).toEqual([false, true]);
    await service.signInSucceeded(second, now());
    await service.signInFailed(first, now());
    // 3 + 1 failures stand: the next one locks.
    await fail(attempt);
    expect((await admit(attempt)).lock?.scope).toBe('account');

    // Alone, a success clears its account's failures, but not its address's.
    const { ip } = fresh();
    const alone = { login: `alone-${seq}@x.test`, ip };
    for (let i = 0; i < 40; i += 1) await fail({ login: `ip-only-${seq}-${i}@x.test`, ip });
    for (let i = 0; i < THROTTLE.accountFailures - 1; i += 1) await fail(alone);
    expect((await succeed(alone)).contended).toBe(false);
    for (let i = 0; i < THROTTLE.accountFailures - 1; i += 1) await fail(alone);
    const notLocked = (await admit(alone)).ticket;
    expect(notLocked).toBeDefined();
    await service.signInAbandoned(notLocked!, now());
    // 40 + 4 + 4 failures at the address: two more reach its limit.
    await fail({ login: `ip-only-${seq}-a@x.test`, ip });
    await fail({ login: `ip-only-${seq}-b@x.test`, ip });
    expect((await admit({ ...fresh(), ip })).lock?.scope).toBe('ip');
  });

  it('gives back the slot of an attempt nobody judged, and counts nothing for it', async () => {
    const { service, now, admit, fail } = throttleAt(Date.UTC(2034, 5, 1));
    const attempt = fresh();
    const tickets = [];
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) tickets.push((await admit(attempt)).ticket!);
    // Every slot is taken: the next attempt waits for one…
    const waiting = admit(attempt);
    for (const ticket of tickets) await service.signInAbandoned(ticket, now());
    const admitted = (await waiting).ticket;
    expect(admitted).toBeDefined();
    await service.signInAbandoned(admitted!, now());
    // …and the abandoned ones cost no failure: four more wrong passwords do not lock.
    for (let i = 0; i < THROTTLE.accountFailures - 1; i += 1) await fail(attempt);
    expect((await admit(attempt)).ticket).toBeDefined();
  });

  it('forgets an attempt left in flight by a process that died, after two minutes', async () => {
    const { clock, repository } = throttleAt(Date.UTC(2034, 6, 1));
    const rule: ThrottleRule = { kind: 'account', failures: 2, lockBaseMs: MINUTE, lockMaxMs: MINUTE };
    // Two keys, each with both slots taken by attempts never settled; looked at again two minutes
    // later, and a millisecond past that (a look counts as a touch, so each key is looked at once).
    const [young, stale] = [`stale:${seq}:a`, `stale:${seq}:b`].map((key) => [{ key, rule }]);
    for (const keys of [young!, stale!]) {
      for (let i = 0; i < 2; i += 1)
        expect((await repository.admit(keys, new Date(clock.now))).kind).toBe('admitted');
    }
    expect((await repository.admit(young!, new Date(clock.now + 2 * MINUTE))).kind).toBe('full');
    expect((await repository.admit(stale!, new Date(clock.now + 2 * MINUTE + 1))).kind).toBe('admitted');
  });

  it('tells a right password past the account’s 100 failures of the day from untrusted clients', async () => {
    const { service, clock, admit, fail, succeed } = throttleAt(Date.UTC(2034, 7, 1));
    const { login } = fresh();
    const userId = 9_100_000 + seq;
    const firstFailure = clock.now;
    // From many addresses, four each: neither an address nor the account at one locks.
    for (let i = 0; i < THROTTLE.accountDailyFailures; i += 1) {
      await fail({ login, userId, ip: `10.78.${seq % 250}.${Math.floor(i / 4)}` });
    }
    const from = { login, userId, ip: '10.79.0.1' };
    expect((await admit(from)).ticket?.capped).toBe(true);
    // The count is the account's own: another account is not capped by it.
    expect((await admit({ ...fresh(), userId: userId + 1, ip: from.ip })).ticket?.capped).toBe(false);
    // Not a browser that signed in before (its device cookie)…
    expect((await admit({ ...from, device: `device-${seq}` })).ticket?.capped).toBe(false);
    // …and not once the day since the first failure is over.
    clock.now = firstFailure + DAY - 1;
    expect((await succeed(from)).capped).toBe(true);
    clock.now = firstFailure + DAY;
    expect((await succeed(from)).capped).toBe(false);
    // A new day's hundred: capped again, until the password is reset.
    for (let i = 0; i < THROTTLE.accountDailyFailures; i += 1) {
      await fail({ login, userId, ip: `10.81.${seq % 250}.${Math.floor(i / 4)}` });
    }
    expect((await succeed(from)).capped).toBe(true);
    await service.clearAccount(userId, new Date(clock.now));
    expect((await succeed(from)).capped).toBe(false);
  });

  it('lifts the locks and the daily count of an account whose password was reset, not its device’s or its addresses’', async () => {
    const { service, clock, admit, fail } = throttleAt(Date.UTC(2034, 8, 1));
    const { login } = fresh();
    const userId = 9_200_000 + seq;
    const at = (ip: string) => ({ login, userId, ip });
    const device = { ...at('10.80.0.1'), device: `device-${seq}` };
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) {
      await fail(at('10.80.0.1'));
      await fail(at('10.80.0.2'));
      await fail(device);
    }
    // The reset of another account (whose id starts the same) changes nothing here.
    await service.clearAccount(Math.floor(userId / 10), new Date(clock.now));
    expect((await admit(at('10.80.0.1'))).lock?.scope).toBe('account');
    await service.clearAccount(userId, new Date(clock.now));
    expect((await admit(at('10.80.0.1'))).ticket).toBeDefined();
    expect((await admit(at('10.80.0.2'))).ticket).toBeDefined();
    expect((await admit(device)).lock?.scope).toBe('device');
  });

  it('clears by a prefix taken literally: _ and % in it match only themselves', async () => {
    const { clock, repository } = throttleAt(Date.UTC(2034, 9, 1));
    const rule: ThrottleRule = { kind: 'account', failures: 1, lockBaseMs: MINUTE, lockMaxMs: MINUTE };
    const now = new Date(clock.now);
    const keys = [`lit:${seq}:a_%@1`, `lit:${seq}:ab%@1`, `lit:${seq}:a_x@1`];
    for (const key of keys) {
      await repository.admit([{ key, rule }], now);
      await repository.failed(key, rule, now);
    }
    await repository.clear([], `lit:${seq}:a_%`, now);
    const kinds = await Promise.all(
      keys.map(async (key) => (await repository.admit([{ key, rule }], now)).kind),
    );
    expect(kinds).toEqual(['admitted', 'locked', 'locked']);
  });

  it('doubles an account’s lock each time it is locked again, up to 15 minutes', async () => {
    const { clock, admit, fail } = throttleAt(Date.UTC(2034, 10, 1));
    const attempt = fresh();
    for (const seconds of [60, 120, 240, 480, 900, 900]) {
      for (let i = 0; i < THROTTLE.accountFailures; i += 1) await fail(attempt);
      expect(await admit(attempt)).toEqual({ lock: { scope: 'account', retryAfterSeconds: seconds } });
      clock.now += seconds * 1000;
    }
    expect((await admit(attempt)).ticket).toBeDefined();
  });

  it('answers the longest of the locks standing against an attempt', async () => {
    const { clock, admit, fail } = throttleAt(Date.UTC(2034, 11, 1));
    const attempt = fresh();
    const windowStart = clock.now;
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) await fail(attempt);
    for (let i = THROTTLE.accountFailures; i < THROTTLE.ipFailures; i += 1)
      await fail({ login: `crowd-${seq}-${i}@example.test`, ip: attempt.ip });
    clock.now += 10_000;
    // The account's minute and the address's quarter of an hour: the quarter is what to wait.
    expect(await admit(attempt)).toEqual({
      lock: { scope: 'ip', retryAfterSeconds: (windowStart + THROTTLE.ipWindowMs - clock.now) / 1000 },
    });
  });

  it('lets a success clear its account’s failures when only another account’s attempt at its address is in flight', async () => {
    const { service, now, admit, fail } = throttleAt(Date.UTC(2035, 0, 1));
    const mine = fresh();
    const neighbour = { ...fresh(), ip: mine.ip };
    for (let i = 0; i < THROTTLE.accountFailures - 1; i += 1) await fail(mine);
    const theirs = (await admit(neighbour)).ticket!;
    const ticket = (await admit(mine)).ticket!;
    expect(ticket.contended).toBe(false);
    await service.signInSucceeded(ticket, now());
    await service.signInAbandoned(theirs, now());
    for (let i = 0; i < THROTTLE.accountFailures - 1; i += 1) await fail(mine);
    expect((await admit(mine)).ticket).toBeDefined();
  });

  it('counts nothing for an attempt judged wrong after a lock others set while it was in flight', async () => {
    const { clock, service, now, admit, fail } = throttleAt(Date.UTC(2035, 1, 1));
    const attempt = fresh();
    const slow = (await admit(attempt)).ticket!;
    // Minutes later its slot is taken for one left by a process that died, and five guesses lock.
    clock.now += 2 * MINUTE + 1;
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) await fail(attempt);
    await service.signInFailed(slow, now());
    clock.now += THROTTLE.accountLockBaseMs;
    for (let i = 0; i < THROTTLE.accountFailures - 1; i += 1) await fail(attempt);
    expect((await admit(attempt)).ticket).toBeDefined();
  });

  it('refuses a user’s 21st two-factor code of the day, the right one too, until the day since the first wrong one is over', async () => {
    const { clock, service, now } = throttleAt(Date.UTC(2035, 2, 1));
    const userId = 9_400_000 + seq;
    /** A code checked for `user`: the lock that refused it, or null once it was judged. */
    const code = async (right: boolean, user = userId) => {
      const lock = await service.admitTwoFactor(user, now());
      if (!lock && right) await service.twoFactorPassed(user, now());
      if (!lock && !right) await service.twoFactorFailed(user, now());
      return lock;
    };
    // Right codes cost nothing.
    for (let i = 0; i < THROTTLE.twoFactorDailyCodes; i += 1) expect(await code(true)).toBeNull();
    const firstWrong = clock.now;
    for (let i = 0; i < THROTTLE.twoFactorDailyCodes; i += 1) {
      expect(await code(false)).toBeNull();
      clock.now += MINUTE;
    }
    expect(await code(true)).toEqual({
      scope: 'account',
      retryAfterSeconds: (firstWrong + DAY - clock.now) / 1000,
    });
    // The count is the user's own.
    expect(await code(true, userId + 1)).toBeNull();
    clock.now = firstWrong + DAY;
    expect(await code(true)).toBeNull();
  });
});
