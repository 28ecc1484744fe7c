import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createExpiryRepository, type PurgeCounts } from './repository';

/** Often enough that expired rows never pile up, rare enough to cost nothing. */
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
/** The first run waits a little so it does not compete with a starting instance's first requests. */
const FIRST_RUN_AFTER_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: {
      /** Deletes what has expired now; the timer calls it, tests and operators may too. */
      run(): Promise<PurgeCounts>;
    };
  }
}

export type HousekeepingOptions = {
  /** false: no timer (tests run it by hand, so it never races a test's own rows). */
  housekeepingTimer?: boolean;
};

/**
 * The housekeeping module: deletes expired sessions, codes, links, tickets, stale throttle rows
 * and audit rows past AUDIT_RETENTION_DAYS
 * on a timer. Every instance runs it: the deletes are idempotent and cheap (indexed), so no leader
 * is needed.
 */
export const housekeepingModule = fp(
  async (app: FastifyInstance, opts: HousekeepingOptions) => {
    const expired = createExpiryRepository(app.database.db);
    let running: Promise<PurgeCounts> | undefined;
    const run = () =>
      (running ??= expired
        .purgeExpired(app.now(), { auditRetentionMs: app.config.auditRetentionMs })
        .finally(() => {
          running = undefined;
        }));
    app.decorate('housekeeping', { run });
    if (opts.housekeepingTimer === false) return;

    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      run().then(
        (counts) => {
          if (Object.values(counts).some((n) => n > 0)) app.log.info({ purged: counts }, 'housekeeping');
        },
        (err: unknown) => app.log.warn({ err }, 'housekeeping failed; retrying at the next run'),
      );
      timer = setTimeout(tick, HOUSEKEEPING_EVERY_MS).unref();
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, FIRST_RUN_AFTER_MS).unref();
    });
    // Before the database closes (it closes last): stop the timer and let a run in progress finish.
    app.addHook('preClose', async () => {
      clearTimeout(timer);
      await running?.catch(() => undefined);
    });
  },
  {
    name: 'housekeeping',
    decorators: { fastify: ['config', 'database', 'now'] },
  },
);
