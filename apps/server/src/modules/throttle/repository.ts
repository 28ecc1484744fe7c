import { eq, inArray, like, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { loginThrottle } from '../../db/schema';
import type { Executor } from '../../db/types';

/**
 * How attempts count against a key:
 * - `account`: every `failures`-th failure locks the key, for lockBaseMs doubling up to lockMaxMs;
 * - `window`: the `limit`-th failure in a fixed window (from its first failure) locks it till the end;
 * - `cap`: failures in a fixed window are only counted: the caller learns it is past `limit`, and
 *   nothing is refused or held for it.
 */
export type ThrottleRule =
  | { kind: 'account'; failures: number; lockBaseMs: number; lockMaxMs: number }
  | { kind: 'window'; limit: number; windowMs: number }
  | { kind: 'cap'; limit: number; windowMs: number };

type ThrottleRow = typeof loginThrottle.$inferSelect;

/** What a key looked like when an attempt was admitted (a success clears only what it saw). */
export type Seen = { key: string; failures: number; lockLevel: number; inFlight: number };

export type Admission =
  | { kind: 'locked'; key: string; lockedUntil: Date }
  /** Every slot of some key is held by attempts not yet judged: ask again once one is. */
  | { kind: 'full' }
  | { kind: 'admitted'; seen: Seen[]; capped: string[] };

/**
 * An in-flight count nobody has touched for this long is left over from a process that died
 * mid-attempt: it is forgotten rather than holding a slot for ever. Far above any sign-in (LD/TS
 * calls included).
 */
const STALE_IN_FLIGHT_MS = 2 * 60_000;

/** Timestamps go into raw SQL as ISO text: pg and PGlite serialise a Date parameter differently. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const windowOver = (row: ThrottleRow, windowMs: number, now: Date) =>
  row.windowStartedAt.getTime() <= now.getTime() - windowMs;

/** Failures that still count under the rule at `now`. */
function failuresNow(row: ThrottleRow, rule: ThrottleRule, now: Date) {
  // Stryker disable next-line ConditionalExpression,StringLiteral: an account rule has no window (windowOver's comparison with NaN is false), so not asking is alike
  return rule.kind !== 'account' && windowOver(row, rule.windowMs, now) ? 0 : row.failures;
}

/** A row after one more failure under its rule (the row is locked by the caller's transaction). */
function failed(row: ThrottleRow, rule: ThrottleRule, now: Date): Partial<ThrottleRow> {
  const settled = {
    // Stryker disable next-line ConditionalExpression,StringLiteral: `failed` below counts a cap's failure in one statement of its own; no cap comes here
    inFlight: rule.kind === 'cap' ? row.inFlight : Math.max(row.inFlight - 1, 0),
    updatedAt: now,
  };
  // Admitted before a lock another attempt set: the lock already stands for this burst.
  if (row.lockedUntil && row.lockedUntil > now) return settled;
  if (rule.kind === 'account') {
    if (row.failures + 1 < rule.failures) return { ...settled, failures: row.failures + 1 };
    const lockMs = Math.min(rule.lockBaseMs * 2 ** row.lockLevel, rule.lockMaxMs);
    return {
      ...settled,
      failures: 0,
      lockLevel: row.lockLevel + 1,
      lockedUntil: new Date(now.getTime() + lockMs),
    };
  }
  const over = windowOver(row, rule.windowMs, now);
  const windowStartedAt = over ? now : row.windowStartedAt;
  const failures = over ? 1 : row.failures + 1;
  // Stryker disable next-line ConditionalExpression: as above, no cap comes here; a window's failures lock at its limit
  const locks = rule.kind === 'window' && failures >= rule.limit;
  return {
    ...settled,
    failures,
    windowStartedAt,
    lockedUntil: locks ? new Date(windowStartedAt.getTime() + rule.windowMs) : null,
  };
}

type RawAdmissionRow = {
  key: string;
  failures: number;
  window_started_at: string | Date;
  lock_level: number;
  locked_until: string | Date | null;
  in_flight: number;
  updated_at: string | Date;
  slot: boolean;
};
/** A row the admission read: `slot` when this attempt took a slot of it, else a cap's row as it was. */
type AdmissionRow = ThrottleRow & { slot: boolean };

/** Raw rows carry timestamps as text (pg through drizzle) or as dates (PGlite). */
const fromRaw = (row: RawAdmissionRow): AdmissionRow => ({
  key: row.key,
  failures: Number(row.failures),
  windowStartedAt: new Date(row.window_started_at),
  lockLevel: Number(row.lock_level),
  // Stryker disable next-line ConditionalExpression: a lock until 1970 (new Date(null)) is over, like none
  lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
  inFlight: Number(row.in_flight),
  updatedAt: new Date(row.updated_at),
  slot: row.slot,
});

/**
 * login_throttle: failure counts, in-flight attempts and locks per key, shared by every instance.
 *
 * No statement here deletes a row or reads one back after a separate write: an admission, and a
 * failure's transaction, take their rows with one upsert (`insert … on conflict do update …
 * returning`), which both makes a missing row and locks it, so a concurrent reset or housekeeping
 * can never leave a read empty. Statements that change several rows lock them in key order.
 */
export const createThrottleRepository = defineRepository((db: Executor) => {
  /** The in-flight count of a row, forgotten when nobody has touched it for STALE_IN_FLIGHT_MS. */
  const liveInFlight = (now: Date) =>
    sql`case when ${loginThrottle.updatedAt} < ${at(now)} - ${STALE_IN_FLIGHT_MS} * interval '1 millisecond' then 0 else ${loginThrottle.inFlight} end`;

  /** Makes the rows if missing and locks them (in the order given) till the transaction ends. */
  const take = (tx: Executor, keys: string[], now: Date) =>
    tx
      .insert(loginThrottle)
      .values(keys.map((key) => ({ key, failures: 0, windowStartedAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { inFlight: liveInFlight(now), updatedAt: now },
      })
      .returning();

  /**
   * The rows of `keys`, locked in key order, for an UPDATE of several rows in one statement: an
   * UPDATE's own scan may lock them in any order, and an admission taking the same rows in key
   * order could then deadlock with it.
   */
  const inKeyOrder = (keys: string[]) =>
    inArray(
      loginThrottle.key,
      db
        .select({ key: loginThrottle.key })
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, keys))
        .orderBy(loginThrottle.key)
        .for('update'),
    );

  /** Gives back one slot of each key (an attempt that was right, or that nobody judged). */
  const release = (keys: string[], now: Date) =>
    db
      .update(loginThrottle)
      .set({ inFlight: sql`greatest(${loginThrottle.inFlight} - 1, 0)`, updatedAt: now })
      .where(inKeyOrder(keys));

  /**
   * One statement: a slot of each of `slotted` (making missing rows; locked in the order given while
   * it runs) with what the rows hold after it (`slot: true`), and the rows of `capped` as they are
   * (`slot: false`). A cap is only read (it holds no slot and refuses nothing): a row every attempt
   * on the account would lock would queue a burst from many addresses on one row.
   */
  const admissionRows = async (slotted: string[], capped: string[], now: Date): Promise<AdmissionRow[]> => {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral,ArrayDeclaration: every admission has a key with a slot (the account's at an address, a device's, a user's codes), so this never answers
    if (!slotted.length && !capped.length) return [];
    const take = db
      .insert(loginThrottle)
      .values(slotted.map((key) => ({ key, failures: 0, windowStartedAt: now, inFlight: 1, updatedAt: now })))
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { inFlight: sql`${liveInFlight(now)} + 1`, updatedAt: now },
      })
      .returning();
    const columns = sql.raw(
      'key, failures, window_started_at, lock_level, locked_until, in_flight, updated_at',
    );
    // Stryker disable next-line ConditionalExpression: as above, slotted is never empty
    const slots = slotted.length ? sql`select ${columns}, true as slot from taken` : undefined;
    // Stryker disable next-line ConditionalExpression: with no cap, `key in ()` is drizzle's `false`: no row either way
    const caps = capped.length
      ? sql`select ${columns}, false as slot from ${loginThrottle} where ${inArray(loginThrottle.key, capped)}`
      : undefined;
    // Stryker disable next-line ConditionalExpression,StringLiteral: as above, slotted is never empty
    const withTaken = slotted.length ? sql`with taken as (${take.getSQL()})` : sql``;
    // Drizzle's union puts each side in parentheses, where PostgreSQL refuses a WITH that writes.
    const result = await db.execute(sql`
      ${withTaken}
      ${sql.join(
        [slots, caps].filter((part) => part !== undefined),
        sql` union all `,
      )}`);
    // pg and PGlite both answer { rows } (the typing of db.execute differs between them).
    return (result as unknown as { rows: RawAdmissionRow[] }).rows.map(fromRaw);
  };

  return {
    /**
     * Asks to check one attempt against every key. While any key is locked at `now` the longest
     * lock is answered; while any `account`/`window` key has no slot left (its failures plus the
     * attempts in flight reach its limit) `full` is answered; otherwise the attempt holds a slot of
     * each such key (`in_flight + 1`) and is admitted, with what each key looked like and which
     * `cap` keys are past their limit. Every admitted attempt must be settled: `succeeded`,
     * `failed` or `abandoned`.
     *
     * One statement on the way every sign-in takes: it takes a slot of every key at once (making
     * missing rows; the rows are locked in key order while it runs) and reads what they held. An
     * attempt that finds a key locked or full gives its slots back at once: meanwhile the keys only
     * look fuller than they are, which makes another attempt wait, never lets one more through.
     */
    async admit(keys: Array<{ key: string; rule: ThrottleRule }>, now: Date): Promise<Admission> {
      const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const slotted = ordered.filter(({ rule }) => rule.kind !== 'cap');
      // Stryker disable next-line MethodExpression,ConditionalExpression: other keys read as caps are not counted as such (`capped` asks a cap rule)
      const caps = ordered.filter(({ rule }) => rule.kind === 'cap');
      const slottedKeys = slotted.map((k) => k.key);
      const rows = await admissionRows(
        slottedKeys,
        caps.map((k) => k.key),
        now,
      );
      // Stryker disable next-line MethodExpression,ConditionalExpression: a cap's row among them is looked up by no slotted key
      const taken = rows.filter((row) => row.slot);
      // Stryker disable next-line MethodExpression,ConditionalExpression: as above, the other way round
      const capRows = rows.filter((row) => !row.slot);
      // What each key held before this attempt's slot.
      const byKey = new Map(taken.map((row) => [row.key, { ...row, inFlight: row.inFlight - 1 }]));
      const capped = caps
        .filter(({ key, rule }) => {
          // Stryker disable next-line ConditionalExpression: an admission has one cap at most, the account's of the day
          const row = capRows.find((r) => r.key === key);
          return row !== undefined && rule.kind === 'cap' && failuresNow(row, rule, now) >= rule.limit;
        })
        // Stryker disable next-line ArrowFunction: callers ask only whether some cap is passed, not which
        .map((k) => k.key);
      const locked = [...byKey.values()]
        .filter((row) => row.lockedUntil && row.lockedUntil > now)
        .sort((a, b) => b.lockedUntil!.getTime() - a.lockedUntil!.getTime())[0];
      const full = slotted.some(({ key, rule }) => {
        const row = byKey.get(key)!;
        const limit = rule.kind === 'account' ? rule.failures : rule.limit;
        return failuresNow(row, rule, now) + row.inFlight >= limit;
      });
      if (locked || full) {
        await release(slottedKeys, now);
        return locked
          ? { kind: 'locked', key: locked.key, lockedUntil: locked.lockedUntil! }
          : { kind: 'full' };
      }
      return {
        kind: 'admitted',
        seen: slotted.map(({ key }) => {
          const row = byKey.get(key)!;
          return { key, failures: row.failures, lockLevel: row.lockLevel, inFlight: row.inFlight };
        }),
        capped,
      };
    },

    /** The attempt was wrong: its slot becomes a failure under the key's rule (which may lock it). */
    async failed(key: string, rule: ThrottleRule, now: Date) {
      // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: the transaction below leaves a cap's row the same (failed() counts a cap like a window that never locks); only its cost differs
      if (rule.kind === 'cap') {
        // One statement, no transaction: the cap's row is shared by every address.
        const over = sql`${loginThrottle.windowStartedAt} <= ${at(now)} - ${rule.windowMs} * interval '1 millisecond'`;
        await db
          .insert(loginThrottle)
          .values({ key, failures: 1, windowStartedAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: {
              failures: sql`case when ${over} then 1 else ${loginThrottle.failures} + 1 end`,
              windowStartedAt: sql`case when ${over} then ${at(now)} else ${loginThrottle.windowStartedAt} end`,
              updatedAt: now,
            },
          });
        return;
      }
      await db.transaction(async (tx) => {
        const [row] = await take(tx, [key], now);
        await tx
          .update(loginThrottle)
          .set(failed(row!, rule, now))
          .where(eq(loginThrottle.key, key));
      });
    },

    /**
     * The attempt was right: its slot of each key is given back, in one statement. With `clear`
     * (one key's failures and lock level as seen when it was admitted), those failures and the lock
     * level go too — unless a lock was set while it was in flight, which stands. Failures counted
     * after it was admitted stay.
     */
    async succeeded(keys: string[], now: Date, clear?: { key: string; failures: number; lockLevel: number }) {
      const clears = clear
        ? sql`${loginThrottle.key} = ${clear.key} and ${loginThrottle.lockLevel} = ${clear.lockLevel}`
        : sql`false`;
      await db
        .update(loginThrottle)
        .set({
          inFlight: sql`greatest(${loginThrottle.inFlight} - 1, 0)`,
          failures: sql`case when ${clears} then greatest(${loginThrottle.failures} - ${clear?.failures ?? 0}, 0) else ${loginThrottle.failures} end`,
          lockLevel: sql`case when ${clears} then 0 else ${loginThrottle.lockLevel} end`,
          updatedAt: now,
        })
        .where(inKeyOrder(keys));
    },

    /** Nobody could judge the attempt (LD/TS unreachable, an error): its slots are given back. */
    async abandoned(keys: string[], now: Date) {
      await release(keys, now);
    },

    /**
     * Lifts the locks and counts of `keys` and of every key starting with `prefix` (a reset
     * password): an UPDATE, one key at a time, so it never takes locks in an order an admitting
     * transaction could deadlock with, and never removes a row another transaction is using.
     */
    async clear(keys: string[], prefix: string, now: Date) {
      const found = await db
        .select({ key: loginThrottle.key })
        .from(loginThrottle)
        .where(like(loginThrottle.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      for (const key of new Set([...keys, ...found.map((row) => row.key)])) {
        await db
          .update(loginThrottle)
          .set({ failures: 0, lockLevel: 0, lockedUntil: null, windowStartedAt: now, updatedAt: now })
          .where(eq(loginThrottle.key, key));
      }
    },
  };
});

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
