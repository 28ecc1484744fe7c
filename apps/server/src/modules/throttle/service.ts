import { THROTTLE } from '@portal/contract';
import type { ThrottleRepository } from './repository';

/**
 * Sign-in throttling of docs/api.md "Throttling", kept in login_throttle so every instance sees it.
 * The account key is the login name as typed (lower-cased), not a user id: unknown names are
 * counted and locked exactly like real ones, so a lock-out says nothing about existence.
 */
export const accountKey = (login: string) => `account:${login.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export type Lock = { scope: 'account' | 'ip'; retryAfterSeconds: number };

/** Sign-in throttling (auth/login, linking an LD/TS account) and fixed-window limits (forgot password). */
export function createThrottleService(deps: { throttle: ThrottleRepository }) {
  const { throttle } = deps;
  return {
    /**
     * What the throttle says about a sign-in attempt before any password work: the longest lock
     * standing against it, if any, and whether the account name has failures on record (only then
     * does a success need a write to clear them).
     */
    async readSignIn(
      login: string,
      ip: string,
      now: Date,
    ): Promise<{ lock?: Lock; accountCounted: boolean }> {
      const account = accountKey(login);
      const rows = await throttle.findPair({ account, ip: ipKey(ip) });
      let lock: Lock | undefined;
      for (const row of rows) {
        if (!row.lockedUntil || row.lockedUntil <= now) continue;
        const retryAfterSeconds = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
        if (!lock || retryAfterSeconds > lock.retryAfterSeconds) {
          lock = { scope: row.key === account ? 'account' : 'ip', retryAfterSeconds };
        }
      }
      return { lock, accountCounted: rows.some((row) => row.key === account) };
    },

    /** Counts a failed sign-in against both the account name and the IP. */
    async recordSignInFailure(login: string, ip: string, now: Date) {
      await throttle.recordAccountFailure(accountKey(login), now, {
        failures: THROTTLE.accountFailures,
        lockBaseMs: THROTTLE.accountLockBaseMs,
        lockMaxMs: THROTTLE.accountLockMaxMs,
      });
      await throttle.recordWindowFailure(ipKey(ip), now, {
        limit: THROTTLE.ipFailures,
        windowMs: THROTTLE.ipWindowMs,
      });
    },

    /** A success clears the account's count and lock level; the IP's count stays (it is per window). */
    async clearSignInAccount(login: string) {
      await throttle.clear(accountKey(login));
    },

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
