import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THROTTLE } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema';
import { createUser } from '../../test/builders';
import { useTestApp } from '../../test/use-test-app';
import { createThrottleRepository, type ThrottleRepository } from './repository';
import { createThrottleService } from './service';

/**
 * How an attempt waits for a slot of a busy key (service.ts `admit`): woken the moment an attempt
 * of the same instance gives one back, asking the database meanwhile only when that can help, and
 * answered 429 after 30 seconds at most. The timers and `performance` are fake, so a waiter goes on
 * only when something wakes it or the test moves that clock (the sign-in clock is the test's too).
 * A test leaves no waiter asking the database when it ends: pg's query timeout is a setTimeout too,
 * and the next test's fake clock would fire it.
 */
describe('an attempt waiting for a slot', () => {
  const t = useTestApp();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // performance.now() far from 0, as in a process that has run for a while.
    vi.advanceTimersByTime(60 * 60_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  let seq = 0;
  const fresh = () => {
    seq += 1;
    return { login: `waiter-${seq}@example.test`, ip: `10.93.${Math.floor(seq / 250)}.${seq % 250}` };
  };
  const at = new Date(Date.UTC(2035, 0, 1));
  const now = () => at;

  /** An instance of the service (its own waiters and slots) whose every admission is recorded. */
  function instance() {
    const repository = createThrottleRepository(t.database.db);
    const asks: Array<Promise<unknown>> = [];
    /** Set: the next admission fails as a lost connection would. */
    const broken = { next: false };
    const asking: ThrottleRepository = {
      ...repository,
      admit: (keys, when) => {
        const ask = broken.next ? Promise.reject(new Error('connection lost')) : repository.admit(keys, when);
        broken.next = false;
        asks.push(ask);
        return ask;
      },
    };
    /** Lets every admission asked so far answer, and what follows it run (no timer moves). */
    const answered = async () => {
      for (let n = -1; n !== asks.length;) {
        n = asks.length;
        await Promise.allSettled(asks);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    return { repository, service: createThrottleService({ throttle: asking }), asks, answered, broken };
  }
  /** Every slot of the attempt's account at its address, taken by attempts not yet judged. */
  async function fill(
    service: ReturnType<typeof instance>['service'],
    attempt: { login: string; ip: string },
  ) {
    const tickets = [];
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) {
      const { ticket } = await service.admitSignIn(attempt, now);
      tickets.push(ticket!);
    }
    return tickets;
  }
  /** A promise's answer once it has one (undefined before). */
  const watch = <T>(promise: Promise<T>) => {
    const seen: { answer?: T } = {};
    void promise.then((answer) => (seen.answer = answer));
    return seen;
  };

  it('on slots its own instance holds: asks nothing, and one waiter is let in as each is given back', async () => {
    const { service, asks, answered } = instance();
    const attempt = fresh();
    const tickets = await fill(service, attempt);
    expect(asks).toHaveLength(THROTTLE.accountFailures);
    const waiters = [watch(service.admitSignIn(attempt, now)), watch(service.admitSignIn(attempt, now))];
    const letIn = () => waiters.filter((waiter) => waiter.answer !== undefined);
    // Just under a second of polls: the database, which counts these very slots, is not asked.
    await vi.advanceTimersByTimeAsync(999);
    expect(asks).toHaveLength(THROTTLE.accountFailures);

    await service.signInAbandoned(tickets[0]!, now());
    await answered();
    // Woken without a timer (one of them: the slot is one), and marked as having waited (its
    // success will clear nothing).
    expect(letIn().map((waiter) => waiter.answer?.ticket?.contended)).toEqual([true]);
    expect(asks).toHaveLength(THROTTLE.accountFailures + 1);
    await service.signInSucceeded(tickets[1]!, now());
    await answered();
    expect(letIn().map((waiter) => waiter.answer?.ticket?.contended)).toEqual([true, true]);
    expect(asks).toHaveLength(THROTTLE.accountFailures + 2);
  });

  it('a success settled in its session’s statement lets a waiter in once that statement ran, and only once', async () => {
    const { service, asks, answered } = instance();
    const attempt = fresh();
    const user = await createUser(t);
    const tickets = await fill(service, attempt);
    const waiting = watch(service.admitSignIn(attempt, now));
    await vi.advanceTimersByTimeAsync(999);
    expect(asks).toHaveLength(THROTTLE.accountFailures);

    const settle = service.successCarried(tickets[0]!, now());
    await t.app.tokens.issueAtSignIn({
      userId: user.id,
      client: { ip: attempt.ip, userAgent: null },
      now: now(),
      audit: () => ({
        actorId: user.id,
        action: 'auth.login.succeeded',
        targetType: 'user',
        targetId: user.id,
      }),
      carried: settle.statement,
    });
    await answered();
    // The slot is free in the database, but this instance still counts it till it is told.
    expect(waiting.answer).toBeUndefined();
    settle.committed();
    await answered();
    expect(waiting.answer?.ticket?.contended).toBe(true);
    // Settled: the sign-in's error path, had it come to it, would give back nothing more.
    await service.signInAbandoned(tickets[0]!, now());
    const account = tickets[0]!.own;
    const [row] = await t.database.db
      .select({ inFlight: loginThrottle.inFlight })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, account));
    expect(row).toEqual({ inFlight: THROTTLE.accountFailures });
    for (const ticket of [...tickets.slice(1), waiting.answer!.ticket!])
      await service.signInAbandoned(ticket, now());
  });

  it('on slots its own instance holds: asks again after a second, in case one was given back unseen', async () => {
    const { repository, service, asks, answered } = instance();
    const attempt = fresh();
    const tickets = await fill(service, attempt);
    const waiting = watch(service.admitSignIn(attempt, now));
    await vi.advanceTimersByTimeAsync(999);
    expect(asks).toHaveLength(THROTTLE.accountFailures);
    // A slot given back in the database alone (as by an instance that settled it and died).
    const slotted = tickets[0]!.keys.filter(({ rule }) => rule.kind !== 'cap').map(({ key }) => key);
    await repository.abandoned(slotted, now());
    // The next poll a second or more after it started waiting (polls are 50 to 100 ms apart).
    await vi.advanceTimersByTimeAsync(200);
    expect(asks).toHaveLength(THROTTLE.accountFailures + 1);
    await answered();
    expect(waiting.answer?.ticket).toBeDefined();
  });

  it('on slots another instance holds: asks at each poll, and is let in once one is given back there', async () => {
    const holder = instance();
    const other = instance();
    const attempt = fresh();
    const tickets = await fill(holder.service, attempt);
    const waiting = watch(other.service.admitSignIn(attempt, now));
    await other.answered();
    expect(other.asks).toHaveLength(1);
    expect(waiting.answer).toBeUndefined();

    await holder.service.signInAbandoned(tickets[0]!, now());
    // Nothing here tells the other instance: its next poll (within 100 ms) finds the slot.
    expect(other.asks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(other.asks).toHaveLength(2);
    await other.answered();
    expect(waiting.answer?.ticket?.contended).toBe(true);
  });

  it('on slots another instance holds: asks again 50 to 100 ms after it last asked, spread at random', async () => {
    for (const [random, ms] of [
      [0, 50],
      [0.99, 99.5],
    ] as const) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const holder = instance();
      const other = instance();
      const attempt = fresh();
      const tickets = await fill(holder.service, attempt);
      const waiting = watch(other.service.admitSignIn(attempt, now));
      await other.answered();
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(other.asks).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(other.asks).toHaveLength(2);
      // Let in once a slot is given back, so that nothing is left waiting after the test.
      await other.answered();
      await holder.service.signInAbandoned(tickets[0]!, now());
      await vi.advanceTimersByTimeAsync(ms);
      await other.answered();
      expect(waiting.answer?.ticket).toBeDefined();
    }
  });

  it('is answered 429 for a second once it has waited 30 seconds for a slot that never came', async () => {
    const holder = instance();
    const other = instance();
    const attempt = fresh();
    await fill(holder.service, attempt);
    const waiting = watch(other.service.admitSignIn(attempt, now));
    // Ten seconds at a time, one poll each (the clock moves on while the attempt asks).
    for (let waited = 0; waited < 30_000; waited += 10_000) {
      await other.answered();
      vi.advanceTimersByTime(10_000);
    }
    await other.answered();
    expect(other.asks).toHaveLength(4);
    expect(waiting.answer).toBeUndefined();
    vi.advanceTimersByTime(10_000);
    await other.answered();
    expect(waiting.answer).toEqual({ lock: { scope: 'account', retryAfterSeconds: 1 } });
  });

  it('on two-factor codes its own instance is checking: asks nothing until one is settled', async () => {
    const { service, asks, answered } = instance();
    const userId = 9_300_000 + seq++;
    for (let i = 0; i < THROTTLE.twoFactorDailyCodes; i += 1)
      expect(await service.admitTwoFactor(userId, at)).toBeNull();
    const next = watch(service.admitTwoFactor(userId, at));
    await vi.advanceTimersByTimeAsync(999);
    expect(asks).toHaveLength(THROTTLE.twoFactorDailyCodes);
    await service.twoFactorPassed(userId, at);
    await answered();
    expect(next.answer).toBeNull();
    expect(asks).toHaveLength(THROTTLE.twoFactorDailyCodes + 1);
  });

  it('on an address whose attempts in flight reach its limit: waits, whatever the name', async () => {
    const holder = instance();
    const other = instance();
    const { ip } = fresh();
    const tickets = [];
    for (let i = 0; i < THROTTLE.ipFailures; i += 1) {
      const { ticket } = await holder.service.admitSignIn(
        { login: `crowd-${seq}-${i}@example.test`, ip },
        now,
      );
      tickets.push(ticket!);
    }
    const waiting = watch(other.service.admitSignIn({ ...fresh(), ip }, now));
    await other.answered();
    expect(waiting.answer).toBeUndefined();
    await holder.service.signInAbandoned(tickets[0]!, now());
    await vi.advanceTimersByTimeAsync(100);
    await other.answered();
    // Let in, as one that waited: its success will clear nothing.
    expect(waiting.answer?.ticket?.contended).toBe(true);
  });

  it('takes no slot here for an attempt answered with a lock: once the lock ends, the next one is let in at once', async () => {
    const { service, asks, answered } = instance();
    const attempt = fresh();
    const clock = { now: at.getTime() };
    const later = () => new Date(clock.now);
    for (let i = 0; i < THROTTLE.accountFailures; i += 1) {
      const { ticket } = await service.admitSignIn(attempt, later);
      await service.signInFailed(ticket!, later());
    }
    for (let i = 0; i < THROTTLE.accountFailures; i += 1)
      expect((await service.admitSignIn(attempt, later)).lock?.scope).toBe('account');
    clock.now += THROTTLE.accountLockBaseMs;
    const asked = asks.length;
    const next = watch(service.admitSignIn(attempt, later));
    await answered();
    expect(asks).toHaveLength(asked + 1);
    expect(next.answer?.ticket).toBeDefined();
  });

  it('takes no slot here for an attempt whose admission failed: the error reaches the caller, and five are let in after it', async () => {
    const { service, answered, broken } = instance();
    const attempt = fresh();
    broken.next = true;
    await expect(service.admitSignIn(attempt, now)).rejects.toThrow('connection lost');
    await fill(service, attempt);
    // The database has no slot left; this instance knows it without asking.
    const next = watch(service.admitSignIn(attempt, now));
    await answered();
    expect(next.answer).toBeUndefined();
  });

  it('settles a ticket once: a wrong password abandoned after it (the route’s catch) gives back no other slot', async () => {
    const holder = instance();
    const other = instance();
    const attempt = fresh();
    const tickets = await fill(holder.service, attempt);
    await holder.service.signInFailed(tickets[0]!, now());
    await holder.service.signInAbandoned(tickets[0]!, now());
    // One failure and four attempts in flight: still no slot.
    const waiting = watch(other.service.admitSignIn(attempt, now));
    await other.answered();
    expect(other.asks).toHaveLength(1);
    expect(waiting.answer).toBeUndefined();
  });

  it('gives back only its own slots: another account’s success leaves a full account full', async () => {
    const holder = instance();
    const other = instance();
    const attempt = fresh();
    await fill(holder.service, attempt);
    const { ticket } = await holder.service.admitSignIn(fresh(), now);
    await holder.service.signInSucceeded(ticket!, now());
    const waiting = watch(other.service.admitSignIn(attempt, now));
    await other.answered();
    expect(waiting.answer).toBeUndefined();
  });
});
