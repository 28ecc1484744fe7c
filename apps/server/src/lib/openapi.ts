import { clone, globalRegistry, z, type core } from 'zod';
import {
  BI_MESSAGES,
  errorBodySchema,
  LINKED_APP_MESSAGES,
  MESSAGES,
  USER_ADMIN_MESSAGES,
  type ErrorBody,
} from '@portal/contract';

/** OpenAPI `security` of a route behind the auth guard (the scheme is declared in app.ts). */
export const bearerSecurity = [{ bearer: [] }];

/** What each error status means, as every route's documented error answers say it. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request',
  401: 'Unauthenticated, or wrong credentials',
  403: 'Missing role',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  422: 'Validation failed; `errors` holds the messages per field',
  429: 'Too many attempts; see Retry-After',
  502: 'A system the portal relies on (the BI server, Live Dispatch, Tattle Systems) failed',
  503: 'Unavailable; see Retry-After',
};

/** An example answer per error status (the messages the API sends). */
export const ERROR_EXAMPLES: Record<number, ErrorBody> = {
  400: { message: MESSAGES.malformedRequest },
  401: { message: MESSAGES.unauthenticated },
  403: { message: MESSAGES.forbidden },
  404: { message: MESSAGES.notFound },
  409: { message: BI_MESSAGES.accountExists },
  413: { message: MESSAGES.requestTooLarge },
  422: {
    message: USER_ADMIN_MESSAGES.emailTaken,
    errors: { email: [USER_ADMIN_MESSAGES.emailTaken] },
  },
  429: { message: MESSAGES.tooManyAttempts },
  502: { message: LINKED_APP_MESSAGES.unavailable('The BI server') },
  503: { message: MESSAGES.serviceUnavailable },
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

/**
 * Names `schema` in the OpenAPI document: a component `id` (routes then refer to it by $ref) with an
 * example. Call once per schema instance, at module level (lib/openapi-components/).
 */
export function documentAs<T extends core.$ZodType>(schema: T, id: string, example: unknown): T {
  globalRegistry.add(schema, { ...globalRegistry.get(schema), id, example });
  return schema;
}

/**
 * Documents error answers of a route with the envelope of docs/api.md, e.g. `...errorResponses(401, 422)`:
 * the `Error` component, described per status by the document's transform (lib/openapi-document.ts).
 */
/** A 204 (or 304) answer: no body, described for the OpenAPI document. */
export const noContent = (description: string) => z.null().describe(description);

export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<
    C,
    typeof errorBodySchema
  >;
}
