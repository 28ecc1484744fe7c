import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { loginThrottle } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Prepared once per database: every sign-in attempt reads the throttle first. */
function buildThrottleRowsQuery(db: Executor) {
  return db
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [sql.placeholder('account'), sql.placeholder('ip')]))
    .prepare('auth_throttle_rows');
}
const throttleRowsQueries = new WeakMap<Executor, ReturnType<typeof buildThrottleRowsQuery>>();

const ms = (value: number) => sql`(${value} * interval '1 millisecond')`;
/** Timestamps go into raw SQL as ISO text: pg and PGlite serialise a Date parameter differently. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * login_throttle: failure counts and locks per key (an account name, an IP, a forgot-password email),
 * shared by every instance.
 */
export const createThrottleRepository = defineRepository((db: Executor) => ({
  /** The throttle rows of an account key and an IP key, locked or merely counting. */
  async findPair(keys: { account: string; ip: string }) {
    let query = throttleRowsQueries.get(db);
    if (!query) throttleRowsQueries.set(db, (query = buildThrottleRowsQuery(db)));
    return query.execute(keys);
  },

  /** Throttle rows of these keys that are locked at `now`. */
  async findLocks(keys: string[], now: Date) {
    return db
      .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, now)));
  },

  /**
   * Counts one failure against an account, atomically (several instances share the row). Every
   * `failures`-th failure locks it for base × 2^(locks so far), capped, and starts a new count.
   * In ON CONFLICT … SET every `login_throttle.*` reference is the row as it was before the update.
   */
  async recordAccountFailure(
    key: string,
    now: Date,
    rule: { failures: number; lockBaseMs: number; lockMaxMs: number },
  ) {
    const reachesLimit = sql`${loginThrottle.failures} + 1 >= ${rule.failures}`;
    const lockMs = sql`least(${rule.lockBaseMs}::float8 * power(2, ${loginThrottle.lockLevel}), ${rule.lockMaxMs})`;
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now, lockLevel: 0, lockedUntil: null, updatedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          updatedAt: now,
          failures: sql`case when ${reachesLimit} then 0 else ${loginThrottle.failures} + 1 end`,
          lockLevel: sql`case when ${reachesLimit} then ${loginThrottle.lockLevel} + 1 else ${loginThrottle.lockLevel} end`,
          lockedUntil: sql`case when ${reachesLimit} then ${at(now)} + (${lockMs} * interval '1 millisecond')
            else ${loginThrottle.lockedUntil} end`,
        },
      })
      .returning({ lockedUntil: loginThrottle.lockedUntil });
    return row;
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

  async clear(key: string) {
    await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
  },
}));

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
