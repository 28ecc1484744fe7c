import * as z from 'zod/mini';
import { VALIDATION } from './messages';

/**
 * The two rules every request schema is built from. PostgreSQL refuses text holding NUL
 * (U+0000) or a lone UTF-16 surrogate (22021/22P05), and an `integer` id above 2^31−1 (22003): such
 * input must be a 422 from the contract, before any work starts, never a 500 from the database.
 */

/** NUL, or a surrogate that is not half of a pair (with the `u` flag a pair is one code point). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Whether PostgreSQL can store the string as text. */
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

/** The string rule: `z.string()` that refuses what PostgreSQL cannot store. Every request string uses it. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check(z.refine(isStorableText, { error: VALIDATION.unstorableText }));

/** A BI server id (project, dashboard, report, folder): a GUID as Dundas BI writes it, 8-4-4-4-12 hex. */
export const BI_ID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const BI_ID_ERROR = 'The id must be a BI id (a GUID).';

/** The BI id rule: a GUID (any other text could only be a typo or a probe of the BI server's API). */
export const biId = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check(z.trim(), z.regex(BI_ID_PATTERN, { error: BI_ID_ERROR }));

/** The largest value of PostgreSQL's `integer`, the type of every numeric id. */
export const MAX_ID = 2_147_483_647;

/** The id rule's checks: a whole number from 1 to MAX_ID. */
export const idChecks = [
  z.int(),
  z.minimum(1),
  z.maximum(MAX_ID, { error: VALIDATION.idOutOfRange }),
] as const;

/** The id rule for JSON bodies (a number). */
export const id = (params?: Parameters<typeof z.number>[0]) => z.number(params).check(...idChecks);

/** The id rule for path and query parameters and form fields (text coerced to a number). */
export const coercedId = (params?: Parameters<typeof z.coerce.number>[0]) =>
  z.coerce.number(params).check(...idChecks);
