import * as z from 'zod/mini';

/** NS BI usage for admins: clicks on NS BI and on reports over time. */
export const USAGE_RANGES = [7, 30, 90, 365] as const;
export const usageQuerySchema = z.object({
  days: z._default(
    z.coerce.number().check(
      z.refine((n) => (USAGE_RANGES as readonly number[]).includes(n), {
        error: `days must be one of ${USAGE_RANGES.join(', ')}`,
      }),
    ),
    30,
  ),
});

/** `GET usage/export`: one table of the usage screen over the same range, as CSV. */
export const USAGE_TABLES = ['per-day', 'top-reports', 'top-users'] as const;
export const usageExportQuerySchema = z.extend(usageQuerySchema, {
  table: z.enum(USAGE_TABLES),
  format: z._default(z.enum(['csv']), 'csv'),
});
export type UsageTable = (typeof USAGE_TABLES)[number];

export const usageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One entry per day of the range, oldest first, zeros included. */
  perDay: z.array(z.object({ day: z.string(), nsbi: z.number(), report: z.number() })),
  topReports: z.array(z.object({ reportId: z.string(), name: z.nullable(z.string()), clicks: z.number() })),
  topUsers: z.array(
    z.object({
      userId: z.number(),
      name: z.nullable(z.string()),
      email: z.nullable(z.string()),
      clicks: z.number(),
    }),
  ),
  totals: z.object({ nsbi: z.number(), report: z.number() }),
});
export type Usage = z.infer<typeof usageSchema>;
