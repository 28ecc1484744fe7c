import { THROTTLE } from '@portal/contract';
import type { CarriedStatement } from '../../db/types';
import type { Seen, ThrottleRepository, ThrottleRule } from './repository';

/**
 * Sign-in throttling of docs/api.md "Throttling", kept in login_throttle so every instance sees it
 * (docs/decisions/0030-sign-in-throttle.md). The account is the user id once the name typed
 * resolves (so its email and its username share one count), else the name as typed, lower-cased:
 * unknown names are counted and locked exactly like real ones, so a lock says nothing about
 * existence.
 */
const userSubject = (userId: number) => `user:${userId}`;
const subjectOf = (login: string, userId?: number) =>
  userId === undefined ? `name:${login.trim().toLowerCase()}` : userSubject(userId);
/** The 5-failure lock of one account for one client address: another address is not locked by it. */
const accountAtKey = (subject: string, ip: string) => `account:${subject}@${ip}`;
/** The account's failures of the day from every untrusted client (the daily cap). */
const accountDayKey = (subject: string) => `account-day:${subject}`;
const ipKey = (ip: string) => `ip:${ip}`;
/** A browser that signed in to the account before (its device cookie): its own lock only. */
const deviceKey = (nonce: string) => `device:${nonce}`;
const twoFactorKey = (userId: number) => `two-factor:${userId}`;

export type Lock = { scope: 'account' | 'ip' | 'device'; retryAfterSeconds: number };

const ACCOUNT_RULE: ThrottleRule = {
  kind: 'account',
  failures: THROTTLE.accountFailures,
  lockBaseMs: THROTTLE.accountLockBaseMs,
  lockMaxMs: THROTTLE.accountLockMaxMs,
};
const IP_RULE: ThrottleRule = { kind: 'window', limit: THROTTLE.ipFailures, windowMs: THROTTLE.ipWindowMs };
const DAY_CAP_RULE: ThrottleRule = {
  kind: 'cap',
  limit: THROTTLE.accountDailyFailures,
  windowMs: 24 * 60 * 60_000,
};
const TWO_FACTOR_RULE: ThrottleRule = {
  kind: 'window',
  limit: THROTTLE.twoFactorDailyCodes,
  windowMs: 24 * 60 * 60_000,
};

/** How long an attempt waits for a slot of a busy key before it is answered 429 (a safety net). */
const MAX_WAIT_MS = 30_000;
/** Between two looks at a busy key (a slot freed on another instance is seen this late at worst). */
const POLL_MS = 50;
/** Between two looks at a key this instance's own attempts fill (see `held`). */
const LOCAL_LOOK_MS = 1_000;

const limitOf = (rule: ThrottleRule) => (rule.kind === 'account' ? rule.failures : rule.limit);
/** The keys an attempt holds a slot of (a `cap` key holds none). */
const slottedKeys = (keys: Array<{ key: string; rule: ThrottleRule }>) =>
  // Stryker disable next-line ConditionalExpression,StringLiteral,MethodExpression: a cap's row has no slot, so giving one back there changes nothing (its in_flight stays 0)
  keys.filter((k) => k.rule.kind !== 'cap').map((k) => k.key);

const retryAfter = (until: Date, now: Date) => ({
  retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
});

/** What a success clears: unless the attempt raced others on its key, the failures it found there. */
const clearOf = (ticket: SignInTicket) =>
  // Stryker disable next-line ConditionalExpression: the own key sorts first among what an attempt saw ('account:…' before 'ip:…'; a device has one key)
  ticket.contended ? undefined : ticket.seen.find((seen) => seen.key === ticket.own);

/** An admitted sign-in attempt: settle it exactly once (`signInSucceeded`/`Failed`/`Abandoned`). */
export type SignInTicket = {
  keys: Array<{ key: string; rule: ThrottleRule }>;
  seen: Seen[];
  /** The key whose failures a success clears (the account at this address, or the device). */
  own: string;
  /** Other attempts on `own` were in flight or waiting: a success then clears nothing. */
  contended: boolean;
  /** Past the account's daily cap: a right password gets the emailed code, not a session. */
  capped: boolean;
  settled?: boolean;
};

export type SignInAttempt = {
  /** The name as typed. */
  login: string;
  /** The portal user the name resolves to, if any. */
  userId?: number;
  ip: string;
  /** The nonce of a device cookie already verified for `userId`. */
  device?: string;
};

/** Sign-in throttling (auth/login, current_password, linking an LD/TS account) and the two-factor daily cap. */
export function createThrottleService(deps: { throttle: ThrottleRepository }) {
  const { throttle } = deps;
  // Attempts of this instance waiting for a slot, by key: woken as soon as a slot here is given
  // back (slots given back by another instance are seen by polling).
  const waiters = new Map<string, Set<() => void>>();
  /**
   * A slot was given back on these keys: one waiter (the longest waiting on the first of them that
   * has any) looks again, not all of them at once; the others look on their own timer.
   */
  const wake = (...keys: string[]) => {
    for (const key of keys) {
      const first = waiters.get(key)?.values().next().value;
      if (first) return first();
    }
  };
  const waitForSlot = (keys: string[]) =>
    new Promise<void>((resolve) => {
      const done = () => {
        // Stryker disable next-line CallExpression: a timer left running calls done again later, which then finds nothing to do
        clearTimeout(timer);
        for (const key of keys) {
          const queue = waiters.get(key);
          // Stryker disable next-line OptionalChaining: `done` runs once, while each of its keys still has its queue
          queue?.delete(done);
          // Stryker disable next-line OptionalChaining,ConditionalExpression,CallExpression: as above; and an empty queue left behind only weighs on memory (wake passes it by)
          if (queue?.size === 0) waiters.delete(key);
        }
        resolve();
      };
      const timer = setTimeout(done, POLL_MS + Math.random() * POLL_MS);
      for (const key of keys) {
        if (!waiters.has(key)) waiters.set(key, new Set());
        waiters.get(key)!.add(done);
      }
    });

  // Slots this instance holds, by key. When they alone fill a key, asking the database is useless
  // (it counts them too): a waiter waits to be woken here, and looks again at most every
  // LOCAL_LOOK_MS in case a slot was lost (a settle that never came).
  const held = new Map<string, number>();
  const hold = (keys: string[], delta: 1 | -1) => {
    for (const key of keys) {
      const count = (held.get(key) ?? 0) + delta;
      // Stryker disable next-line EqualityOperator,ConditionalExpression: a count of 0 kept weighs like none (filledHere compares it with a limit of 1 or more); only memory tells them apart
      if (count > 0) held.set(key, count);
      else held.delete(key);
    }
  };
  const filledHere = (keys: Array<{ key: string; rule: ThrottleRule }>) =>
    // A cap's key is never held (see slottedKeys): it never fills.
    keys.some(({ key, rule }) => (held.get(key) ?? 0) >= limitOf(rule));

  /**
   * Admits an attempt on `keys`, waiting (not refusing) while they have no slot left: a burst of
   * right passwords is checked a few at a time and all succeed; a burst of wrong ones meets the
   * lock the moment the last allowed failure is counted.
   */
  async function admit(keys: Array<{ key: string; rule: ThrottleRule }>, now: () => Date) {
    const started = performance.now();
    const slotted = slottedKeys(keys);
    // A new attempt on keys this instance already fills waits to be woken without asking (on
    // other keys it asks at once, whenever it last looked).
    let looked = started;
    for (let waited = false; ; waited = true) {
      const at = now();
      if (!(filledHere(keys) && performance.now() - looked < LOCAL_LOOK_MS)) {
        looked = performance.now();
        // Held while asking too: two attempts here never race each other for a last slot.
        hold(slotted, 1);
        const admission = await throttle.admit(keys, at).catch((error: unknown) => {
          hold(slotted, -1);
          throw error;
        });
        if (admission.kind !== 'admitted') hold(slotted, -1);
        if (admission.kind !== 'full') return { admission, waited, at };
      }
      if (performance.now() - started > MAX_WAIT_MS) {
        return {
          admission: {
            kind: 'locked' as const,
            // Stryker disable next-line StringLiteral: any key but an address's ('ip:…') answers the account's (or device's) scope
            key: '',
            // Retry-After: 1 (its least).
            lockedUntil: at,
          },
          waited,
          at,
        };
      }
      await waitForSlot(slotted);
    }
  }

  /** Slots of this instance's attempt given back here: the count it holds, and one waiter woken. */
  const givenBack = (keys: string[]) => {
    hold(keys, -1);
    wake(...keys);
  };

  async function settle(ticket: SignInTicket, outcome: (slotted: string[]) => Promise<void>) {
    if (ticket.settled) return;
    ticket.settled = true;
    const slotted = slottedKeys(ticket.keys);
    try {
      await outcome(slotted);
    } finally {
      givenBack(slotted);
    }
  }

  /** A two-factor code's slot, admitted by `admitTwoFactor`, settled. */
  async function settleTwoFactor(userId: number, outcome: () => Promise<void>) {
    const key = twoFactorKey(userId);
    try {
      await outcome();
    } finally {
      givenBack([key]);
    }
  }

  return {
    /**
     * Asks to check a sign-in attempt before any password work. A browser with a device cookie of
     * the account counts only against its device; any other client against the account at its
     * address and its address (and the account's daily cap, which never refuses). Answers the
     * lock standing against it, or a ticket to settle once the password is judged.
     */
    async admitSignIn(
      attempt: SignInAttempt,
      now: () => Date,
    ): Promise<{ lock: Lock; ticket?: undefined } | { lock?: undefined; ticket: SignInTicket }> {
      const subject = subjectOf(attempt.login, attempt.userId);
      const own = attempt.device ? deviceKey(attempt.device) : accountAtKey(subject, attempt.ip);
      const keys: SignInTicket['keys'] = attempt.device
        ? [{ key: own, rule: ACCOUNT_RULE }]
        : [
            { key: own, rule: ACCOUNT_RULE },
            { key: ipKey(attempt.ip), rule: IP_RULE },
            { key: accountDayKey(subject), rule: DAY_CAP_RULE },
          ];
      const { admission, waited, at } = await admit(keys, now);
      if (admission.kind === 'locked') {
        const scope = admission.key.startsWith('ip:') ? 'ip' : attempt.device ? 'device' : 'account';
        return { lock: { scope, ...retryAfter(admission.lockedUntil, at) } };
      }
      const seen = admission.seen;
      return {
        ticket: {
          keys,
          seen,
          own,
          contended: waited || (seen.find((s) => s.key === own)?.inFlight ?? 0) > 0,
          capped: admission.capped.length > 0,
        },
      };
    },

    /**
     * The password was right: slots are given back and, unless the attempt raced others on its
     * key, the failures it found are cleared (so a burst of guesses cannot be wiped by a right
     * password sent along with it).
     */
    signInSucceeded: (ticket: SignInTicket, now: Date) =>
      settle(ticket, (slotted) => throttle.succeeded(slotted, now, clearOf(ticket))),

    /**
     * `signInSucceeded` for a sign-in that opens a session: the settle is a statement the session's
     * own statement carries (one round trip and one commit fewer). Call `committed` once that
     * statement ran; if it never does, the attempt is abandoned as any other.
     */
    successCarried(ticket: SignInTicket, now: Date): { statement: CarriedStatement; committed(): void } {
      const slotted = slottedKeys(ticket.keys);
      return {
        statement: throttle.successCarried(slotted, now, clearOf(ticket)),
        committed: () => {
          // Stryker disable next-line ConditionalExpression: openSession commits once; the guard keeps a ticket settled another way first from giving its slots back twice
          if (ticket.settled) return;
          ticket.settled = true;
          givenBack(slotted);
        },
      };
    },

    /** The password (or its LD/TS account, or the two-factor code that followed) was wrong. */
    signInFailed: (ticket: SignInTicket, now: Date) =>
      settle(ticket, async () => {
        for (const { key, rule } of ticket.keys) await throttle.failed(key, rule, now);
      }),

    /** Nobody judged the attempt (LD/TS unreachable, an error): nothing counts. */
    signInAbandoned: (ticket: SignInTicket, now: Date) =>
      settle(ticket, (slotted) => throttle.abandoned(slotted, now)),

    /**
     * The account's password was reset or set by an admin: every lock and count standing against
     * it (at every address, and its daily cap) is lifted. Devices keep their own.
     */
    async clearAccount(userId: number, now: Date) {
      const subject = userSubject(userId);
      await throttle.clear([accountDayKey(subject)], `account:${subject}@`, now);
    },

    /**
     * Counts a two-factor code against its user before it is checked: at most
     * THROTTLE.twoFactorDailyCodes wrong ones a day, whatever the number of challenges. Null: go on,
     * and settle with `twoFactorPassed` or `twoFactorFailed`.
     */
    async admitTwoFactor(userId: number, now: Date): Promise<Lock | null> {
      const { admission, at } = await admit(
        [{ key: twoFactorKey(userId), rule: TWO_FACTOR_RULE }],
        () => now,
      );
      return admission.kind === 'locked'
        ? { scope: 'account', ...retryAfter(admission.lockedUntil, at) }
        : null;
    },

    async twoFactorPassed(userId: number, now: Date) {
      await settleTwoFactor(userId, () => throttle.succeeded([twoFactorKey(userId)], now));
    },

    async twoFactorFailed(userId: number, now: Date) {
      await settleTwoFactor(userId, () => throttle.failed(twoFactorKey(userId), TWO_FACTOR_RULE, now));
    },
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
