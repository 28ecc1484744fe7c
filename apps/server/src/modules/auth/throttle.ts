import { THROTTLE } from '@portal/contract';
import type { Executor } from '../../db/types';
import { clearThrottle, findLocks, recordAccountFailure, recordIpFailure } from './queries';

/**
 * Sign-in throttling of API.md "Throttling", kept in login_throttle so every instance sees it.
 * The account key is the login name as typed (lower-cased), not a user id: unknown names are
 * counted and locked exactly like real ones, so a lock-out says nothing about existence.
 */
export const accountKey = (login: string) => `account:${login.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export type Lock = { scope: 'account' | 'ip'; retryAfterSeconds: number };

/** The longest lock standing against this attempt, if any. */
export async function findLock(
  db: Executor,
  login: string,
  ip: string,
  now: Date,
): Promise<Lock | undefined> {
  const locks = await findLocks(db, [accountKey(login), ipKey(ip)], now);
  let worst: Lock | undefined;
  for (const lock of locks) {
    const retryAfterSeconds = Math.ceil((lock.lockedUntil!.getTime() - now.getTime()) / 1000);
    if (!worst || retryAfterSeconds > worst.retryAfterSeconds) {
      worst = { scope: lock.key.startsWith('ip:') ? 'ip' : 'account', retryAfterSeconds };
    }
  }
  return worst;
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
