import { THROTTLE } from '@portal/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { clearThrottle, findThrottleRows, recordAccountFailure, recordIpFailure } from './queries';

/**
 * Sign-in throttling of API.md "Throttling", kept in login_throttle so every instance sees it.
 * The account key is the login name as typed (lower-cased), not a user id: unknown names are
 * counted and locked exactly like real ones, so a lock-out says nothing about existence.
 */
export const accountKey = (login: string) => `account:${login.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export type Lock = { scope: 'account' | 'ip'; retryAfterSeconds: number };

/**
 * What the throttle says about an attempt before any password work: the longest lock standing
 * against it, if any, and whether the account name has failures on record (only then does a
 * success need a write to clear them).
 */
export async function readThrottle(
  db: Db,
  login: string,
  ip: string,
  now: Date,
): Promise<{ lock?: Lock; accountCounted: boolean }> {
  const account = accountKey(login);
  const rows = await findThrottleRows(db, { account, ip: ipKey(ip) });
  let lock: Lock | undefined;
  for (const row of rows) {
    if (!row.lockedUntil || row.lockedUntil <= now) continue;
    const retryAfterSeconds = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
    if (!lock || retryAfterSeconds > lock.retryAfterSeconds) {
      lock = { scope: row.key === account ? 'account' : 'ip', retryAfterSeconds };
    }
  }
  return { lock, accountCounted: rows.some((row) => row.key === account) };
}

/** Counts a failed attempt against both the account name and the IP. */
export async function recordFailure(db: Executor, login: string, ip: string, now: Date) {
  await recordAccountFailure(db, accountKey(login), now, {
    failures: THROTTLE.accountFailures,
    lockBaseMs: THROTTLE.accountLockBaseMs,
    lockMaxMs: THROTTLE.accountLockMaxMs,
  });
  await recordIpFailure(db, ipKey(ip), now, { limit: THROTTLE.ipFailures, windowMs: THROTTLE.ipWindowMs });
}

/** A success clears the account's count and lock level; the IP's count stays (it is per window). */
export async function clearAccount(db: Executor, login: string) {
  await clearThrottle(db, accountKey(login));
}
