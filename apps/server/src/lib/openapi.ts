import { clone, globalRegistry, type core } from 'zod';
import { errorBodySchema } from '@portal/contract';

/** OpenAPI `security` of a route behind the auth guard (the scheme is declared in app.ts). */
export const bearerSecurity = [{ bearer: [] }];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request',
  401: 'Unauthenticated, or wrong credentials',
  403: 'Missing role',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  422: 'Validation failed; `errors` holds the messages per field',
  429: 'Too many attempts; see Retry-After',
  503: 'Unavailable; see Retry-After',
};

/**
 * A copy of `schema` documented with `description`: classic zod's `.describe()`, which the contract's
 * zod/mini schemas lack. A copy, so a shared schema is never described for every route at once.
 */
export function described<T extends core.$ZodType>(schema: T, description: string): T {
  const copy = clone(schema);
  globalRegistry.add(copy, { description });
  return copy;
}

/** Documents error answers of a route with the envelope of API.md, e.g. `...errorResponses(401, 422)`. */
export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(
    codes.map((code) => [code, described(errorBodySchema, ERROR_DESCRIPTIONS[code] ?? 'Error')]),
  ) as Record<C, typeof errorBodySchema>;
}
