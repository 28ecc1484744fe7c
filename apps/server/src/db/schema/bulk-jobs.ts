/** Bulk actions over users run as jobs (modules/users, docs/decisions/0038-step-up-and-bulk-jobs.md). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

/**
 * One bulk run: who started it, what it does, its counts so far and the skipped and failed users by
 * name (at most BULK_MAX_LISTED_RESULTS). The instance running it writes `heartbeat_at` every few
 * seconds; a `running` job whose heartbeat stopped is marked `interrupted` by whichever instance
 * looks next (its start, a status read, a new job), so a job never stays running after its instance
 * died. At most one running job per admin (the partial unique index), on every instance.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    state: text('state').notNull().default('running'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    done: integer('done').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    results: jsonb('results')
      .notNull()
      .default(sql`'[]'::jsonb`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_jobs_one_running_per_actor')
      .on(t.actorId)
      .where(sql`${t.state} = 'running'`),
    index('bulk_jobs_running_heartbeat_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.state} = 'running'`),
  ],
);
