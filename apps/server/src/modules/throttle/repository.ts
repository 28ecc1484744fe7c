import { eq, inArray, like, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { defineRepository, preparedPerDatabase } from '../../db/repository';
import { loginThrottle } from '../../db/schema';
import type { CarriedStatement, Executor } from '../../db/types';

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
type CapRule = Extract<ThrottleRule, { kind: 'cap' }>;

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

/** What a rule's count is read from. */
type Counted = Pick<ThrottleRow, 'failures' | 'windowStartedAt'>;

const windowOver = (row: Counted, windowMs: number, now: Date) =>
  row.windowStartedAt.getTime() <= now.getTime() - windowMs;

/** Failures that still count under the rule at `now`. */
function failuresNow(row: Counted, rule: ThrottleRule, now: Date) {
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

/** A row the admission took a slot of, and the cap's row as it was (absent: no cap, or no row yet). */
type AdmissionRow = ThrottleRow & { cap: Counted | null };

/** The in-flight count of a row at `now`, forgotten when nobody has touched it for STALE_IN_FLIGHT_MS. */
const liveInFlightAt = (now: SQL) =>
  sql`case when ${loginThrottle.updatedAt} < ${now} - ${STALE_IN_FLIGHT_MS} * interval '1 millisecond' then 0 else ${loginThrottle.inFlight} end`;

/**
 * The admission of `slots` keys (and a cap's or not) in one statement, prepared once per database
 * and shape: every sign-in runs one, and PostgreSQL then parses and plans it once per connection. A
 * slot of each key (`key0`, `key1`, … in the order given: the rows are made or locked in that order
 * while it runs) with what the rows hold after it, and the `cap` key's row as it was (a left join:
 * a cap holds no slot and refuses nothing, and is never one of the slotted keys).
 */
function buildAdmissionQuery(db: Executor, slots: number) {
  // Stryker disable next-line StringLiteral: an unnamed statement answers the same; the name only spares PostgreSQL planning it again
  const name = `throttle_admission_${slots}`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const taken = db.$with('taken').as(
    db
      .insert(loginThrottle)
      .values(
        Array.from({ length: slots }, (_, i) => ({
          key: sql.placeholder(`key${i}`),
          failures: 0,
          windowStartedAt: now,
          inFlight: 1,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { inFlight: sql`${liveInFlightAt(now)} + 1`, updatedAt: now },
      })
      .returning(),
  );
  const cap = alias(loginThrottle, 'cap');
  return db
    .with(taken)
    .select({
      key: taken.key,
      failures: taken.failures,
      windowStartedAt: taken.windowStartedAt,
      lockLevel: taken.lockLevel,
      lockedUntil: taken.lockedUntil,
      inFlight: taken.inFlight,
      updatedAt: taken.updatedAt,
      capFailures: cap.failures,
      capWindowStartedAt: cap.windowStartedAt,
    })
    .from(taken)
    .leftJoin(cap, eq(cap.key, sql`${sql.placeholder('cap')}::text`))
    .prepare(name);
}
const admissionQueries = preparedPerDatabase<ReturnType<typeof buildAdmissionQuery>>();

/**
 * The keys' rows locked in key order, for an UPDATE of several rows in one statement: an UPDATE's own
 * scan may lock them in any order, and an admission taking the same rows in key order could then
 * deadlock with it.
 */
const inKeyOrder = (db: Executor, keys: Array<string | Placeholder>) =>
  db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys))
    .orderBy(loginThrottle.key)
    .for('update');

/** What a success clears: one key's failures and lock level as its attempt saw them when admitted. */
export type Clear = { key: string; failures: number; lockLevel: number };

/**
 * A right password's settle (see `succeeded`), made with placeholders only so that it is prepared
 * alone (`succeeded`) or inside the session's statement (`successCarried`): the slots of `slots` keys
 * given back, in key order, and the failures an uncontended attempt saw cleared. Its `returning` is
 * only what a WITH needs: nothing reads it.
 */
function buildSuccess(db: Executor, slots: number) {
  const p = (name: string) => sql.placeholder(`throttle_${name}`);
  const now = sql`${p('now')}::timestamptz`;
  const keys = Array.from({ length: slots }, (_, i) => p(`key${i}`));
  const clears = sql`${loginThrottle.key} = ${p('clearKey')}::text and ${loginThrottle.lockLevel} = ${p('clearLockLevel')}::int`;
  return db
    .update(loginThrottle)
    .set({
      inFlight: sql`greatest(${loginThrottle.inFlight} - 1, 0)`,
      failures: sql`case when ${clears} then greatest(${loginThrottle.failures} - ${p('clearFailures')}::int, 0) else ${loginThrottle.failures} end`,
      lockLevel: sql`case when ${clears} then 0 else ${loginThrottle.lockLevel} end`,
      updatedAt: now,
    })
    .where(inArray(loginThrottle.key, inKeyOrder(db, keys)))
    .returning({ key: loginThrottle.key });
}
const successName = (slots: number) => `throttle_success_${slots}`;
const successQueries = preparedPerDatabase<ReturnType<ReturnType<typeof buildSuccess>['prepare']>>();

/** The values of buildSuccess's placeholders. */
const successValues = (keys: string[], now: Date, clear?: Clear) => ({
  throttle_now: now.toISOString(),
  // No clear: a key equal to none (null).
  throttle_clearKey: clear?.key ?? null,
  throttle_clearLockLevel: clear?.lockLevel ?? 0,
  throttle_clearFailures: clear?.failures ?? 0,
  ...Object.fromEntries(keys.map((key, i) => [`throttle_key${i}`, key])),
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
  /** Makes the rows if missing and locks them (in the order given) till the transaction ends. */
  const take = (tx: Executor, keys: string[], now: Date) =>
    tx
      .insert(loginThrottle)
      .values(keys.map((key) => ({ key, failures: 0, windowStartedAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { inFlight: liveInFlightAt(at(now)), updatedAt: now },
      })
      .returning();

  /** Gives back one slot of each key (an attempt that was right, or that nobody judged). */
  const release = (keys: string[], now: Date) =>
    db
      .update(loginThrottle)
      .set({ inFlight: sql`greatest(${loginThrottle.inFlight} - 1, 0)`, updatedAt: now })
      .where(inArray(loginThrottle.key, inKeyOrder(db, keys)));

  /** One statement (buildAdmissionQuery): a slot of each of `slotted`, and the row of `cap` as it is. */
  const admissionRows = async (
    slotted: string[],
    cap: string | undefined,
    now: Date,
  ): Promise<AdmissionRow[]> => {
    const query = admissionQueries(db, String(slotted.length), () => buildAdmissionQuery(db, slotted.length));
    const rows = await query.execute({
      // As ISO text, cast in the SQL: pg and PGlite serialise a Date parameter differently.
      now: now.toISOString(),
      cap: cap ?? null,
      ...Object.fromEntries(slotted.map((key, i) => [`key${i}`, key])),
    });
    return rows.map(({ capFailures, capWindowStartedAt, ...row }) => ({
      ...row,
      // Both null or neither (a left join's missing row): no cap row is no failure counted yet.
      cap:
        // Stryker disable next-line ConditionalExpression,LogicalOperator: a row with either column null does not exist (both are NOT NULL)
        capFailures === null || capWindowStartedAt === null
          ? null
          : { failures: capFailures, windowStartedAt: capWindowStartedAt },
    }));
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
      // Stryker disable next-line EqualityOperator,ConditionalExpression: an attempt's keys are distinct and its callers name them in this order already ('account:…' before 'ip:…'; a device or a user's codes has one); the sort keeps any other caller's locks in key order
      const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const slotted = ordered.filter(({ rule }) => rule.kind !== 'cap');
      // One cap at most: the account's of the day (none for a device, or a user's codes).
      // Stryker disable next-line ConditionalExpression: the cap sorts first where there is one ('account-day:' before 'account:'), and another rule's key read as a cap has no limit to pass
      const cap = ordered.find((k): k is { key: string; rule: CapRule } => k.rule.kind === 'cap');
      const slottedKeys = slotted.map((k) => k.key);
      const rows = await admissionRows(slottedKeys, cap?.key, now);
      // What each key held before this attempt's slot.
      const byKey = new Map(rows.map((row) => [row.key, { ...row, inFlight: row.inFlight - 1 }]));
      // Every admission takes a slot of one key at least, so there is a row.
      const capRow = rows[0]!.cap;
      const capped = cap && capRow && failuresNow(capRow, cap.rule, now) >= cap.rule.limit ? [cap.key] : [];
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
    async succeeded(keys: string[], now: Date, clear?: Clear) {
      const query = successQueries(db, String(keys.length), () =>
        buildSuccess(db, keys.length).prepare(successName(keys.length)),
      );
      await query.execute(successValues(keys, now, clear));
    },

    /**
     * `succeeded` as a statement another one carries (CarriedStatement): a sign-in gives its slots
     * back, and clears what it saw, in the new session's own statement — one round trip and one commit
     * fewer on every sign-in.
     */
    successCarried(keys: string[], now: Date, clear?: Clear): CarriedStatement {
      return {
        name: successName(keys.length),
        build: (on) => buildSuccess(on, keys.length),
        values: successValues(keys, now, clear),
      };
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
