import * as z from 'zod/mini';
import { biId } from './rules';

/** What `POST users/bulk` can do to each selected user. */
export const BULK_ACTIONS = ['block', 'restore', 'delete', 'nsbi_on', 'nsbi_off', 'assign_project'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Users one bulk call may act on: a selection by ids, or "all N matching" a filter. */
export const BULK_MAX_USERS = 10_000;
export const BULK_MAX_IDS = 1000;

export const BULK_MESSAGES = {
  self: 'You cannot act on your own account.',
  notFound: 'User not found.',
  tooMany: (n: number) => `At most ${BULK_MAX_USERS} users at once; ${n} match. Narrow the search first.`,
  idsOrFilter: 'Send either ids or filter.',
  projectRequired: 'The project_id field is required for assign_project.',
  done: (done: number, total: number) => `${done} of ${total} users updated.`,
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
        search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
        blocked: z._default(z.boolean(), false),
      }),
    ),
    project_id: z.optional(z.nullable(biId())),
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

export const bulkUsersResponseSchema = z.object({
  data: z.object({
    action: z.enum(BULK_ACTIONS),
    total: z.number(),
    done: z.number(),
    skipped: z.number(),
    failed: z.number(),
    results: z.array(bulkResultSchema),
  }),
  message: z.string(),
});
export type BulkUsersResponse = z.infer<typeof bulkUsersResponseSchema>;
