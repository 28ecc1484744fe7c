import * as z from 'zod/mini';
import { text } from './rules';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';

/** Error body of every non-2xx answer (docs/api.md "Envelope"); `errors` only on 422. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// Any zod 4 schema (zod/mini or classic: the server wraps its own classic schemas too).
export const dataOf = <T extends z.core.$ZodType>(schema: T) => z.object({ data: schema });
export const dataWithMessageOf = <T extends z.core.$ZodType>(schema: T) =>
  z.object({ data: schema, message: z.string() });
export const messageBodySchema = z.object({ message: z.string() });
/** The body of a 204: none. */
export const noContentSchema = z.null();

/** Query of every paged list; sortColumn is narrowed per resource. */
export const pagedQuerySchema = <C extends readonly [string, ...string[]]>(sortColumns: C) =>
  z.object({
    paginate: z._default(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
          error: `paginate must be one of ${PAGE_SIZES.join(', ')}`,
        }),
      ),
      DEFAULT_PAGE_SIZE,
    ),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    sortColumn: z._default(z.enum(sortColumns), sortColumns[0]),
    sortDirection: z._default(z.enum(['asc', 'desc']), 'asc'),
    search: z.optional(text().check(z.trim(), z.maxLength(200))),
  });

const pageLinkSchema = z.object({ label: z.string(), url: z.nullable(z.string()), active: z.boolean() });
export const pagedOf = <T extends z.core.$ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    links: z.object({
      first: z.nullable(z.string()),
      last: z.nullable(z.string()),
      prev: z.nullable(z.string()),
      next: z.nullable(z.string()),
    }),
    meta: z.object({
      current_page: z.number(),
      per_page: z.number(),
      total: z.number(),
      last_page: z.number(),
      from: z.nullable(z.number()),
      to: z.nullable(z.number()),
      links: z.array(pageLinkSchema),
    }),
  });
