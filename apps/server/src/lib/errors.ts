import { MESSAGES } from '@portal/contract';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw. The error handler renders it as the docs/api.md envelope:
 * `{message, errors?}` with `status`, plus `Retry-After` when `retryAfterSeconds` is set.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: { errors?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
  }

  static unauthenticated() {
    return new AppError(401, MESSAGES.unauthenticated);
  }
  static forbidden(message: string = MESSAGES.forbidden) {
    return new AppError(403, message);
  }
  static notFound(message: string = MESSAGES.notFound) {
    return new AppError(404, message);
  }
  static validation(errors: FieldErrors, message?: string) {
    return new AppError(422, message ?? Object.values(errors)[0]?.[0] ?? MESSAGES.validationFailed, {
      errors,
    });
  }
  static tooManyRequests(retryAfterSeconds: number, message: string = MESSAGES.tooManyAttempts) {
    return new AppError(429, message, { retryAfterSeconds });
  }
  static unavailable(message: string = MESSAGES.serviceUnavailable, retryAfterSeconds = 30) {
    return new AppError(503, message, { retryAfterSeconds });
  }
}
