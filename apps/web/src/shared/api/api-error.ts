/** The one error type of every API call. `status` is 0 when no response arrived (network, offline). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** 422 per-field messages, keyed by body field, meta key or `authKey` (docs/api.md "Error keys"). */
    readonly fieldErrors: Record<string, string[]> = {},
    readonly body: unknown = null,
  ) {
    super(message);
  }

  /** docs/product.md §8: 5xx and network failures are toasted globally; other 4xx belong to the caller. */
  get isServerError() {
    return this.status === 0 || this.status >= 500;
  }

  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
