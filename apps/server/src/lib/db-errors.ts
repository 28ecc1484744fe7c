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
