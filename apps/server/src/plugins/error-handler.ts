import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { core } from 'zod';
import { MESSAGES, USER_ADMIN_MESSAGES, type ErrorBody } from '@portal/contract';
import { isDataException, isDatabaseUnavailable, sqlStateOf } from '../lib/db-errors';
import { AppError, type FieldErrors } from '../lib/errors';

/** Retry-After of a 503 while the database is away: about the time a restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** `/meta/0/value` → `meta.0.value`; a body-level issue keeps the name `body`. */
const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';

function collect(entries: Array<{ field: string; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of entries) (errors[field] ??= []).push(message);
  return errors;
}

/** Renders every error (the 404 of unknown paths is in plugins/web.ts, beside the SPA fallback) as the docs/api.md envelope. Bad input is never a 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | core.$ZodError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);

    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(Math.max(1, Math.ceil(error.options.retryAfterSeconds))));
      }
      if (error.status === 503 && error.options.cause === undefined) {
        // Deliberate (maintenance mode, a busy dependency): worth a line, not an error with a stack.
        request.log.info({ status: 503 }, error.message);
      } else if (error.status >= 500) request.log.error({ err: error.options.cause ?? error }, error.message);
      return send(error.status, {
        message: error.message,
        ...(error.options.errors && { errors: error.options.errors }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = collect(
        error.validation.flatMap((v) =>
          // A field the schema does not know (strict bodies: no mass assignment) is named by itself.
          v.keyword === 'unrecognized_keys' && Array.isArray(v.params.keys)
            ? (v.params.keys as string[]).map((key) => ({
                field: [fieldName(v.instancePath), key].filter((p) => p !== 'body').join('.'),
                message: USER_ADMIN_MESSAGES.fieldNotAllowed(key),
              }))
            : [{ field: fieldName(v.instancePath), message: v.message ?? '' }],
        ),
      );
      return send(422, { message: Object.values(errors)[0]?.[0] ?? MESSAGES.validationFailed, errors });
    }
    // core's class: a zod/mini (contract) parse throws no classic ZodError, and core.$ZodError covers both.
    if (error instanceof core.$ZodError) {
      const errors = collect(
        error.issues.flatMap((i) =>
          i.code === 'unrecognized_keys'
            ? i.keys.map((key) => ({
                field: [...i.path, key].join('.'),
                message: USER_ADMIN_MESSAGES.fieldNotAllowed(key),
              }))
            : [{ field: i.path.join('.') || 'body', message: i.message }],
        ),
      );
      return send(422, { message: Object.values(errors)[0]?.[0] ?? MESSAGES.validationFailed, errors });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restart, failover, lost connection): retry shortly, nothing is wrong
      // with the request. The readiness probe says the same, so no stack trace per request.
      request.log.warn({ reason: (error as Error).message }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(503, { message: MESSAGES.serviceUnavailable });
    }
    if (isDataException(error)) {
      // Safety net behind the contract's rules: input the database refuses (class 22) is a 400.
      request.log.info({ sqlState: sqlStateOf(error) }, 'database refused the input');
      return send(400, { message: MESSAGES.malformedRequest });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return send(413, { message: MESSAGES.requestTooLarge });
    if (status === 415) return send(415, { message: MESSAGES.unsupportedMediaType });
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, bad content type, …): say what, never how.
      return send(status === 404 ? 404 : 400, {
        message: status === 404 ? MESSAGES.notFound : MESSAGES.malformedRequest,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: MESSAGES.serverError });
  });
}
