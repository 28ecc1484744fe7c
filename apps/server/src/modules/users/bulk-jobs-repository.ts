import { and, eq, sql } from 'drizzle-orm';
import type { BulkAction, BulkJobState, BulkResult } from '@portal/contract';
import { defineRepository } from '../../db/repository';
import { bulkJobs } from '../../db/schema';
import type { Executor } from '../../db/types';

/** A bulk job as the service reads it (the row, typed). */
export type BulkJobRecord = {
  id: number;
  actorId: number | null;
  action: BulkAction;
  state: BulkJobState;
  total: number;
  processed: number;
  done: number;
  skipped: number;
  failed: number;
  results: BulkResult[];
  startedAt: Date;
  /** Written every few seconds while the job runs: an old one means its instance died. */
  heartbeatAt: Date;
  finishedAt: Date | null;
};

/** The counts of a run so far, and the skipped and failed users it lists. */
export type BulkProgress = Pick<BulkJobRecord, 'processed' | 'done' | 'skipped' | 'failed' | 'results'>;

/** Timestamps go into raw SQL as ISO text: pg and PGlite serialise a Date parameter differently. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const columns = {
  id: bulkJobs.id,
  actorId: bulkJobs.actorId,
  action: bulkJobs.action,
  state: bulkJobs.state,
  total: bulkJobs.total,
  processed: bulkJobs.processed,
  done: bulkJobs.done,
  skipped: bulkJobs.skipped,
  failed: bulkJobs.failed,
  results: bulkJobs.results,
  startedAt: bulkJobs.startedAt,
  heartbeatAt: bulkJobs.heartbeatAt,
  finishedAt: bulkJobs.finishedAt,
};
// action, state and results are text and jsonb in the table; only this repository writes them.
const typed = (row: object) => row as BulkJobRecord;

/** bulk_jobs: one row per bulk run (docs/decisions/0038-step-up-and-bulk-jobs.md). */
export const createBulkJobRepository = defineRepository((db: Executor) => ({
  /**
   * A new running job of `actorId`. The partial unique index refuses a second running job of the
   * same admin (a unique violation the service answers with 409), whichever instance runs the first.
   */
  async start(job: { actorId: number; action: BulkAction; total: number }, now: Date) {
    const [row] = await db
      .insert(bulkJobs)
      .values({ ...job, state: 'running', startedAt: now, heartbeatAt: now })
      .returning(columns);
    return typed(row!);
  },

  async find(id: number): Promise<BulkJobRecord | undefined> {
    const [row] = await db.select(columns).from(bulkJobs).where(eq(bulkJobs.id, id));
    return row && typed(row);
  },

  /**
   * Writes the counts so far and the heartbeat; false when the job is no longer running (another
   * instance found its heartbeat stale and marked it interrupted), so the runner stops.
   */
  async progress(id: number, progress: BulkProgress, now: Date): Promise<boolean> {
    const rows = await db
      .update(bulkJobs)
      .set({ ...progress, results: sql`${JSON.stringify(progress.results)}::jsonb`, heartbeatAt: now })
      .where(and(eq(bulkJobs.id, id), eq(bulkJobs.state, 'running')))
      .returning({ id: bulkJobs.id });
    return rows.length > 0;
  },

  /** The heartbeat alone (a user whose action takes long, e.g. a slow BI server). */
  async beat(id: number, now: Date) {
    await db
      .update(bulkJobs)
      .set({ heartbeatAt: now })
      .where(and(eq(bulkJobs.id, id), eq(bulkJobs.state, 'running')));
  },

  /** The end of a run: its final counts and state (done, failed or interrupted). */
  async finish(id: number, state: Exclude<BulkJobState, 'running'>, progress: BulkProgress, now: Date) {
    await db
      .update(bulkJobs)
      .set({
        ...progress,
        results: sql`${JSON.stringify(progress.results)}::jsonb`,
        state,
        heartbeatAt: now,
        finishedAt: now,
      })
      .where(and(eq(bulkJobs.id, id), eq(bulkJobs.state, 'running')));
  },

  /**
   * Marks every running job whose heartbeat is older than `staleBefore` interrupted: its instance
   * died (a live one beats every few seconds). Answers how many.
   */
  async interruptStale(staleBefore: Date, now: Date): Promise<number> {
    const rows = await db
      .update(bulkJobs)
      .set({ state: 'interrupted', finishedAt: sql`${at(now)}` })
      .where(and(eq(bulkJobs.state, 'running'), sql`${bulkJobs.heartbeatAt} < ${at(staleBefore)}`))
      .returning({ id: bulkJobs.id });
    return rows.length;
  },
}));

export type BulkJobRepository = ReturnType<typeof createBulkJobRepository>;
