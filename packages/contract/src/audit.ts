import * as z from 'zod/mini';
import { pagedOf, pagedQuerySchema } from './envelope';
import { MAX_ID } from './rules';

/** Sortable columns of the audit log: only time (the indexes serve nothing else at 1,000,000 rows). */
export const AUDIT_SORT_COLUMNS = ['at'] as const;

/** A user id filter: one message for whatever is wrong with it, in the words of the form. */
const userIdRule = (name: string) => {
  const error = `The ${name} field must be a user id (a whole number from 1).`;
  return z.coerce
    .number({ error })
    .check(z.int({ error }), z.minimum(1, { error }), z.maximum(MAX_ID, { error }));
};
const userIdFilter = (name: string) => z.optional(userIdRule(name));
/** A user id as the filter form holds it: text, empty when not set, else by the query's rule. */
const userIdText = (name: string) =>
  z.string().check(
    z.trim(),
    z.superRefine((value, ctx) => {
      if (value === '') return;
      const issue = userIdRule(name).safeParse(value).error?.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
    }),
  );
/**
 * Dates an audit filter takes: 1970 to 9999. JavaScript parses years up to ±275760, which
 * PostgreSQL's timestamptz refuses (an export answered 500 with `from=-271821-04-20`).
 */
export const AUDIT_DATE_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(10_000, 0, 1) } as const;
const inDateRange = (v: string) => {
  const ms = Date.parse(v);
  return !Number.isNaN(ms) && ms >= AUDIT_DATE_RANGE.min && ms < AUDIT_DATE_RANGE.max;
};
const isoDate = (name: string) =>
  z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.maxLength(40),
        z.refine((v) => v === '' || inDateRange(v), {
          error: `The ${name} field must be a valid date between 1970 and 9999.`,
        }),
      ),
      z.transform((v) => (v === '' ? undefined : v)),
    ),
  );

const actionFilter = z
  .string()
  .check(
    z.trim(),
    z.maxLength(100),
    z.regex(/^[a-z0-9_.]*$/, { error: 'The action field may hold only a-z, 0-9, "_" and ".".' }),
  );

/**
 * `GET audit-log`: the paged query of the users list, filtered by who acted (`actor`), whom it was
 * about (`target`, a user id), the action's prefix (`auth.login` matches `auth.login.failed`) and a
 * time range (`from`/`to`, ISO dates or date-times; a bare `to` date includes that whole day).
 */
const auditFilterSchema = z.extend(pagedQuerySchema(AUDIT_SORT_COLUMNS), {
  sortDirection: z._default(z.enum(['asc', 'desc']), 'desc'),
  actor: userIdFilter('actor'),
  target: userIdFilter('target'),
  action: z.optional(actionFilter),
  from: isoDate('from'),
  to: isoDate('to'),
});

/**
 * The audit log screen's filter form (text fields, empty when not set), checked by the same rules as
 * the query, so the form says what the server would answer with a 422.
 */
export const auditFiltersFormSchema = z.object({
  actor: userIdText('actor'),
  target: userIdText('target'),
  action: actionFilter,
  from: isoDate('from'),
  to: isoDate('to'),
});
/** The audit log's filters as the screen's URL and form hold them. */
export type AuditFilters = Required<z.input<typeof auditFiltersFormSchema>>;
export const AUDIT_FILTER_KEYS = ['actor', 'target', 'action', 'from', 'to'] as const satisfies ReadonlyArray<
  keyof AuditFilters
>;

/**
 * Matching rows are counted up to this many: beyond it `meta.total` is this number and
 * `meta.total_is_lower_bound` is true (counting a million rows exactly would take most of a page's time).
 */
export const AUDIT_COUNT_CAP = 10_000;

/**
 * The pages of the log stop at the counted cap: a deeper page is an OFFSET that reads (and drops)
 * every row before it, for a screen that never links there. Narrower filters or the export
 * (keyset-paged) reach older rows.
 */
export const auditQuerySchema = auditFilterSchema.check(
  z.refine((q) => (q.page - 1) * q.paginate < AUDIT_COUNT_CAP, {
    error: `Only the first ${AUDIT_COUNT_CAP.toLocaleString('en-US')} entries are paged: narrow the filters or export the log.`,
    path: ['page'],
  }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Someone an audit entry names: the id, and the name the user had when the entry was written. */
export const auditPersonSchema = z.object({ id: z.number(), name: z.nullable(z.string()) });

/** One row of the audit log (who did what to whom, when, from where). Never a secret in `details`. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  actor: z.nullable(auditPersonSchema),
  target_type: z.nullable(z.string()),
  target_id: z.nullable(z.string()),
  /** The target user's name when the entry was written (target_type 'user' only). */
  target_name: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const pagedEntries = pagedOf(auditEntrySchema);
export const pagedAuditSchema = z.extend(pagedEntries, {
  meta: z.extend(pagedEntries.shape.meta, { total_is_lower_bound: z.boolean() }),
});
export type PagedAudit = z.infer<typeof pagedAuditSchema>;

/** `?format=` of every export route: only CSV today (docs/api.md "CSV export"). */
export const exportFormatSchema = z.object({ format: z._default(z.enum(['csv']), 'csv') });

/** `GET audit-log/export`: the list's filters and order; page and page size are ignored. */
export const auditExportQuerySchema = z.extend(auditFilterSchema, exportFormatSchema.shape);
