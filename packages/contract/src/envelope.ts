import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';

/** Error body of every non-2xx answer (API.md "Envelope"); `errors` only on 422. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const dataWithMessageOf = <T extends z.ZodType>(schema: T) =>
  z.object({ data: schema, message: z.string() });
export const messageBodySchema = z.object({ message: z.string() });

/** Query of every paged list; sortColumn is narrowed per resource. */
export const pagedQuerySchema = <C extends readonly [string, ...string[]]>(sortColumns: C) =>
  z.object({
    paginate: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
        error: `paginate must be one of ${PAGE_SIZES.join(', ')}`,
      })
      .default(DEFAULT_PAGE_SIZE),
    page: z.coerce.number().int().min(1).default(1),
    sortColumn: z.enum(sortColumns).default(sortColumns[0]),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    search: z.string().trim().max(200).optional(),
  });

const pageLinkSchema = z.object({ label: z.string(), url: z.string().nullable(), active: z.boolean() });
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    links: z.object({
      first: z.string().nullable(),
      last: z.string().nullable(),
      prev: z.string().nullable(),
      next: z.string().nullable(),
    }),
    meta: z.object({
      current_page: z.number(),
      per_page: z.number(),
      total: z.number(),
      last_page: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
      links: z.array(pageLinkSchema),
    }),
  });
