import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginThrottle } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createThrottleRepository, type ThrottleRule } from './repository';

/**
 * An attempt takes the rows of all its keys in one transaction. Two attempts sharing two keys must
 * take them in the same order whatever order their callers list them in, or each can hold the row
 * the other waits for: PostgreSQL then aborts one with a deadlock error (a 500 at sign-in). PGlite
 * has one session and runs transactions one at a time, so only PostgreSQL can show it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the throttle rows of an attempt, on PostgreSQL', () => {
  const t = useTestApp();
  const rule: ThrottleRule = { kind: 'window', limit: 50, windowMs: 60_000 };

  const waitingOnLocks = async () => {
    const [row] = await t.database.query({
      name: 'waiting-on-locks',
      plan: 'custom',
      text: `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      values: [],
    });
    return Number(row?.n ?? 0);
  };
  const waitFor = async (waiting: number) => {
    const deadline = Date.now() + 10_000;
    while ((await waitingOnLocks()) < waiting && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /**
   * Runs `first` and then `second` while a third transaction holds the row of `key`, each started
   * once the one before waits for that row; answers both once it lets go.
   */
  const queuedBehind = async <A, B>(key: string, first: () => Promise<A>, second: () => Promise<B>) => {
    let both!: Promise<[A, B]>;
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
      const one = first();
      await waitFor(1);
      const other = second();
      await waitFor(2);
      both = Promise.all([one, other]);
    });
    return both;
  };

  it('takes the rows of its keys in one order: two attempts listing them in opposite orders never deadlock', async () => {
    const throttle = createThrottleRepository(t.database.db);
    const now = new Date();
    const attempt = (keys: string[]) =>
      throttle.admit(
        keys.map((key) => ({ key, rule })),
        now,
      );

    // Both rows exist; a third transaction holds the one that sorts first while the attempts start,
    // one after the other, so both are in the middle of taking their rows, queued in that order,
    // when it lets go. Each listing goes first once: whichever order an attempt takes its rows in,
    // it is the same for the other.
    for (const firstListed of ['ab', 'ba']) {
      const [a, b] = [`order:${firstListed}:a`, `order:${firstListed}:b`];
      const listing = firstListed === 'ab' ? [a, b] : [b, a];
      expect((await attempt([a, b])).kind).toBe('admitted');
      const answers = await queuedBehind(
        a,
        () => attempt(listing),
        () => attempt([...listing].reverse()),
      );
      expect(answers.map((answer) => answer.kind)).toEqual(['admitted', 'admitted']);
    }
  });

  it('takes them in the order a success gives its slots back in: the two at once never deadlock', async () => {
    const throttle = createThrottleRepository(t.database.db);
    const now = new Date();
    const keys = ['order:settle:a', 'order:settle:b'].map((key) => ({ key, rule }));
    expect((await throttle.admit(keys, now)).kind).toBe('admitted');
    // The success queues first and takes the rows in key order once let go; the new attempt must
    // not hold the second meanwhile.
    const [, admission] = await queuedBehind(
      keys[0]!.key,
      () =>
        throttle.succeeded(
          keys.map(({ key }) => key),
          now,
        ),
      () => throttle.admit(keys, now),
    );
    expect(admission.kind).toBe('admitted');
  });
});
