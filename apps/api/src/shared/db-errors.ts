/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505), optionally of one named
 * index. Drizzle wraps driver errors, and node-postgres and PGlite shape them differently, so the
 * cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      if (candidate.constraint === constraint) return true;
      return typeof candidate.message === 'string' && candidate.message.includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}
