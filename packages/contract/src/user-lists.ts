import * as z from 'zod/mini';
import { pagedOf } from './envelope';
import { userSchema } from './user';

/** `GET users` answer: the paged shape of docs/product.md §3 with API Users. */
export const pagedUsersSchema = pagedOf(userSchema);
export type PagedUsers = z.infer<typeof pagedUsersSchema>;

/** A BI project of `GET dundas-bi/project/all` (docs/product.md §3 "BI project"). */
// Coerced: the BI server's ids are GUID strings, a simulator may answer numbers.
export const biProjectSchema = z.object({ projectId: z.coerce.string(), name: z.string() });
export type BiProject = z.infer<typeof biProjectSchema>;
export const biProjectListSchema = z.array(biProjectSchema);
