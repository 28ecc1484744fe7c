import { THROTTLE } from '@portal/contract';
import type { ThrottleRepository, ThrottleRule } from './repository';

/**
 * Sign-in throttling of docs/api.md "Throttling", kept in login_throttle so every instance sees it.
 * The account key is the login name as typed (lower-cased), not a user id: unknown names are
 * counted and locked exactly like real ones, so a lock-out says nothing about existence.
 */
export const accountKey = (login: string) => `account:${login.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export const twoFactorKey = (userId: number) => `two-factor:${userId}`;

export type Lock = { scope: 'account' | 'ip'; retryAfterSeconds: number };

const ACCOUNT_RULE: ThrottleRule = {
  kind: 'account',
  failures: THROTTLE.accountFailures,
  lockBaseMs: THROTTLE.accountLockBaseMs,
  lockMaxMs: THROTTLE.accountLockMaxMs,
};
const IP_RULE: ThrottleRule = { kind: 'window', limit: THROTTLE.ipFailures, windowMs: THROTTLE.ipWindowMs };
const TWO_FACTOR_RULE: ThrottleRule = {
  kind: 'window',
  limit: THROTTLE.twoFactorDailyCodes,
  windowMs: 24 * 60 * 60_000,
};

const retryAfter = (until: Date, now: Date) => ({
  retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
});

/** Sign-in throttling (auth/login, linking an LD/TS account) and fixed-window limits (forgot password). */
export function createThrottleService(deps: { throttle: ThrottleRepository }) {
  const { throttle } = deps;
  return {
    /**
     * Counts a sign-in attempt against the account name and the IP before any password work
     * (repository `admit`: atomic, so a burst of concurrent attempts cannot all pass a check made
     * before any of them failed). Answers the lock standing against it, or null: go on, and call
     * `signInSucceeded` if it succeeds — a failure needs nothing more, it is already counted.
     */
    async admitSignIn(login: string, ip: string, now: Date): Promise<Lock | null> {
      const account = accountKey(login);
      const lock = await throttle.admit(
        [
          { key: account, rule: ACCOUNT_RULE },
          { key: ipKey(ip), rule: IP_RULE },
        ],
        now,
      );
      return lock && { scope: lock.key === account ? 'account' : 'ip', ...retryAfter(lock.lockedUntil, now) };
    },

    /** A success clears the account's count and lock level and gives the IP its attempt back. */
    async signInSucceeded(login: string, ip: string) {
      await throttle.clear(accountKey(login));
      await throttle.release(ipKey(ip));
    },

    /** An attempt nobody could judge (LD/TS unreachable): its count is given back, nothing cleared. */
    async releaseSignIn(login: string, ip: string) {
      await throttle.release(accountKey(login));
      await throttle.release(ipKey(ip));
    },

    /**
     * Counts a two-factor code against its user before it is checked: at most
     * THROTTLE.twoFactorDailyCodes a day, whatever the number of challenges. Null: go on.
     */
    async admitTwoFactor(userId: number, now: Date): Promise<Lock | null> {
      const lock = await throttle.admit([{ key: twoFactorKey(userId), rule: TWO_FACTOR_RULE }], now);
      return lock && { scope: 'account', ...retryAfter(lock.lockedUntil, now) };
    },

    /** The right code: its attempt is given back (only wrong codes count towards the daily cap). */
    twoFactorPassed: (userId: number) => throttle.release(twoFactorKey(userId)),

    /**
     * A fixed-window rate limit over several keys (each with its own limit): while any of them is
     * locked the answer is the seconds until it opens, and nothing is counted; otherwise this request
     * counts against each key and null is answered.
     */
    async limit(
      keys: Array<{ key: string; limit: number }>,
      windowMs: number,
      now: Date,
    ): Promise<{ retryAfterSeconds: number } | null> {
      const [lock] = await throttle.findLocks(
        keys.map((k) => k.key),
        now,
      );
      if (lock) {
        const seconds = Math.ceil((lock.lockedUntil!.getTime() - now.getTime()) / 1000);
        return { retryAfterSeconds: Math.max(1, seconds) };
      }
      for (const { key, limit } of keys) await throttle.recordWindowFailure(key, now, { limit, windowMs });
      return null;
    },
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
