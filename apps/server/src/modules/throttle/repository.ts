import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { loginThrottle } from '../../db/schema';
import type { Executor } from '../../db/types';

const ms = (value: number) => sql`(${value} * interval '1 millisecond')`;
/** Timestamps go into raw SQL as ISO text: pg and PGlite serialise a Date parameter differently. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** How attempts count against a key (see `admit`). */
export type ThrottleRule =
  | { kind: 'account'; failures: number; lockBaseMs: number; lockMaxMs: number }
  | { kind: 'window'; limit: number; windowMs: number };

type ThrottleRow = typeof loginThrottle.$inferSelect;

/** A row after one more attempt under its rule (the row is locked by the caller's transaction). */
function counted(row: ThrottleRow, rule: ThrottleRule, now: Date): Partial<ThrottleRow> {
  if (rule.kind === 'account') {
    if (row.failures + 1 < rule.failures) return { failures: row.failures + 1, updatedAt: now };
    const lockMs = Math.min(rule.lockBaseMs * 2 ** row.lockLevel, rule.lockMaxMs);
    return {
      failures: 0,
      lockLevel: row.lockLevel + 1,
      lockedUntil: new Date(now.getTime() + lockMs),
      updatedAt: now,
    };
  }
  const windowOver = row.windowStartedAt.getTime() <= now.getTime() - rule.windowMs;
  const windowStartedAt = windowOver ? now : row.windowStartedAt;
  const failures = windowOver ? 1 : row.failures + 1;
  const lockedUntil = failures >= rule.limit ? new Date(windowStartedAt.getTime() + rule.windowMs) : null;
  return { failures, windowStartedAt, lockedUntil, updatedAt: now };
}

/**
 * login_throttle: failure counts and locks per key (an account name, an IP, a forgot-password email),
 * shared by every instance.
 */
export const createThrottleRepository = defineRepository((db: Executor) => ({
  /** Throttle rows of these keys that are locked at `now`. */
  async findLocks(keys: string[], now: Date) {
    return db
      .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, now)));
  },

  /**
   * Counts one failure against a key (an IP, a forgot-password email) in a fixed window that starts
   * at its first failure; the `limit`-th failure locks the key until that window ends.
   */
  async recordWindowFailure(key: string, now: Date, rule: { limit: number; windowMs: number }) {
    const windowOver = sql`${loginThrottle.windowStartedAt} <= ${at(now)} - ${ms(rule.windowMs)}`;
    const failures = sql`case when ${windowOver} then 1 else ${loginThrottle.failures} + 1 end`;
    const windowStart = sql`case when ${windowOver} then ${at(now)} else ${loginThrottle.windowStartedAt} end`;
    const [row] = await db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        windowStartedAt: now,
        lockedUntil: rule.limit <= 1 ? new Date(now.getTime() + rule.windowMs) : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          updatedAt: now,
          failures,
          windowStartedAt: windowStart,
          lockedUntil: sql`case when ${failures} >= ${rule.limit} then ${windowStart} + ${ms(rule.windowMs)} else null end`,
        },
      })
      .returning({ lockedUntil: loginThrottle.lockedUntil });
    return row;
  },

  /**
   * Counts one attempt against every key before any work is done, atomically: in one transaction
   * the keys' rows are made if missing and locked (FOR UPDATE, in key order, so concurrent attempts
   * queue instead of all reading "not locked"). While any key is locked at `now` nothing is counted
   * and the longest lock is answered; otherwise each key counts by its rule (an account-style rule
   * locks on every `failures`-th attempt, a window rule on the `limit`-th in its window) and null
   * is answered: the attempt may go on. A success gives its count back (`release`).
   */
  async admit(keys: Array<{ key: string; rule: ThrottleRule }>, now: Date) {
    const ordered = [...keys].sort((a, b) => a.key.localeCompare(b.key));
    return db.transaction(async (tx) => {
      await tx
        .insert(loginThrottle)
        .values(ordered.map(({ key }) => ({ key, failures: 0, windowStartedAt: now, updatedAt: now })))
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(loginThrottle)
        .where(
          inArray(
            loginThrottle.key,
            ordered.map((k) => k.key),
          ),
        )
        .orderBy(loginThrottle.key)
        .for('update');
      const locked = rows
        .filter((row) => row.lockedUntil && row.lockedUntil > now)
        .sort((a, b) => b.lockedUntil!.getTime() - a.lockedUntil!.getTime())[0];
      if (locked) return { key: locked.key, lockedUntil: locked.lockedUntil! };
      for (const { key, rule } of ordered) {
        const row = rows.find((r) => r.key === key)!;
        await tx
          .update(loginThrottle)
          .set(counted(row, rule, now))
          .where(eq(loginThrottle.key, key));
      }
      return null;
    });
  },

  /** Gives back one attempt counted by `admit` (it succeeded): the count drops, a lock stays. */
  async release(key: string) {
    await db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(eq(loginThrottle.key, key));
  },

  async clear(key: string) {
    await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
  },
}));

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
