import * as z from 'zod/mini';
import { dataOf } from './envelope';
import { biId, text } from './rules';

/** What `POST users/bulk` can do to each selected user. */
export const BULK_ACTIONS = ['block', 'restore', 'delete', 'nsbi_on', 'nsbi_off', 'assign_project'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * Actions that need the acting admin's current password in the request (`current_password`): they
 * lock people out or remove them, so a stolen access token alone must not run them.
 */
export const BULK_STEP_UP_ACTIONS: readonly BulkAction[] = ['block', 'restore', 'delete'];

/** Users one bulk call may act on: a selection by ids, or "all N matching" a filter. */
export const BULK_MAX_USERS = 10_000;
export const BULK_MAX_IDS = 1000;
/** Skipped and failed users a job keeps by name (its counts are always whole). */
export const BULK_MAX_LISTED_RESULTS = 1000;

/**
 * States of a bulk job: `failed` when the run itself broke (not one user: those are counted), and
 * `interrupted` when its instance stopped or died before the end.
 */
export const BULK_JOB_STATES = ['running', 'done', 'failed', 'interrupted'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** A search with only control characters and spaces would match everyone: refused. */
// eslint-disable-next-line no-control-regex
const isEmptyAfterCleaning = (search: string) => search.replace(/[\u0000-\u001f\u007f\s]/g, '') === '';

export const BULK_MESSAGES = {
  self: 'You cannot act on your own account.',
  notFound: 'User not found.',
  tooMany: (n: number) => `At most ${BULK_MAX_USERS} users at once; ${n} match. Narrow the search first.`,
  idsOrFilter: 'Send either ids or filter.',
  projectRequired: 'The project_id field is required for assign_project.',
  done: (done: number, total: number) => `${done} of ${total} users updated.`,
  /** A user of a filter run who is an administrator: only a selection by id may change them. */
  adminByFilter: 'Administrators are changed only when selected one by one.',
  searchEmpty: 'The search is empty. Type what to look for, or select the users one by one.',
  expectedTotalRequired: 'The expected_total field is required with a filter.',
  /** 409: the filter matches another number of users than the admin saw. */
  countChanged: (expected: number, actual: number) =>
    `The list changed: ${actual} users match now, not ${expected}. Check the list and try again.`,
  /** 409: one bulk job per admin at a time. */
  jobRunning: 'Your previous bulk action is still running. Wait for it to finish.',
  started: (total: number) => `Working on ${total} ${total === 1 ? 'user' : 'users'}…`,
  progress: (processed: number, total: number) => `${processed} of ${total} users handled…`,
  interrupted: (done: number, total: number) =>
    `The bulk action stopped (the server restarted) after ${done} of ${total} users. Run it again for the rest.`,
  broke: (done: number, total: number) =>
    `The bulk action broke off after ${done} of ${total} users. Run it again for the rest.`,
  failed: 'Could not update this user.',
  /** The web's toast after a bulk action: each user it could not change, with why. */
  notUpdated: (failures: Array<{ id: number; message: string | null }>) =>
    `Not updated: ${failures.map((f) => `#${f.id} (${f.message})`).join(', ')}`.slice(0, 300),
} as const;

/**
 * `POST users/bulk`: an action on selected users (`ids`) or on every user the list's `filter` matches
 * (its search, active or blocked). `project_id` for assign_project (null takes the project away).
 */
export const bulkUsersRequestSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS),
    ids: z.optional(
      z
        .array(z.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)))
        .check(z.minLength(1), z.maxLength(BULK_MAX_IDS)),
    ),
    filter: z.optional(
      z.strictObject({
        search: z.optional(
          z.string().check(
            z.trim(),
            z.maxLength(200),
            z.refine((v) => !isEmptyAfterCleaning(v), { error: BULK_MESSAGES.searchEmpty }),
          ),
        ),
        blocked: z._default(z.boolean(), false),
        /** How many users the list showed for this filter: the run is refused (409) if that changed. */
        expected_total: z
          .number({ error: BULK_MESSAGES.expectedTotalRequired })
          .check(z.int(), z.minimum(0), z.maximum(2_147_483_647)),
      }),
    ),
    project_id: z.optional(z.nullable(biId())),
    /** The acting admin's password: required for block, restore and delete (BULK_STEP_UP_ACTIONS). */
    current_password: z.optional(text().check(z.maxLength(200))),
  })
  .check(
    z.refine((b) => (b.ids === undefined) !== (b.filter === undefined), {
      error: BULK_MESSAGES.idsOrFilter,
      path: ['ids'],
    }),
    z.refine((b) => b.action !== 'assign_project' || b.project_id !== undefined, {
      error: BULK_MESSAGES.projectRequired,
      path: ['project_id'],
    }),
  );
export type BulkUsersRequest = z.infer<typeof bulkUsersRequestSchema>;

export const bulkResultSchema = z.object({
  id: z.number(),
  status: z.enum(['done', 'skipped', 'failed']),
  message: z.nullable(z.string()),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * A bulk job (`POST users/bulk` starts one, `GET users/bulk/{id}` reads it): the counts so far,
 * the skipped and failed users (at most BULK_MAX_LISTED_RESULTS of them), and a sentence to show.
 */
export const bulkJobSchema = z.object({
  id: z.number(),
  action: z.enum(BULK_ACTIONS),
  state: z.enum(BULK_JOB_STATES),
  total: z.number(),
  processed: z.number(),
  done: z.number(),
  skipped: z.number(),
  failed: z.number(),
  results: z.array(bulkResultSchema),
  message: z.string(),
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
export const bulkJobResponseSchema = dataOf(bulkJobSchema);
export type BulkJobResponse = z.infer<typeof bulkJobResponseSchema>;
