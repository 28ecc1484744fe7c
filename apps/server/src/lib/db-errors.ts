/**
 * Whether a database error (or one it wraps: drizzle puts the driver's error in `cause`) is a
 * unique violation, optionally of one constraint. pg and PGlite both carry SQLSTATE in `code`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, constraint: name, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint || name === undefined;
    e = cause;
  }
  return false;
}

/** The SQLSTATE of a database error, or of one it wraps (drizzle: `cause`); undefined for others. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return undefined;
}

/**
 * Data exceptions (class 22: text with NUL or a bad byte sequence, a number out of range, a bad
 * date): the input's fault. The contract refuses such input first; this is the safety net.
 */
export const isDataException = (error: unknown) => sqlStateOf(error)?.startsWith('22') ?? false;

/** Network errors of the driver's socket, and the pg driver's own words for a connection it lost. */
const LOST_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const LOST_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended|connect ECONNREFUSED|Query read timeout/i;

/**
 * Whether the database could not be reached, went away mid-query or did not answer within the
 * query timeout: the request is not at fault and may be retried once the database is
 * back, so it is a 503, not a 500. SQLSTATE
 * classes 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect
 * now) and 53300 (too many connections).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
      if (LOST_CONNECTION_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
