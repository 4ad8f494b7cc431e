import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The PostgreSQL error behind a failed query: its SQLSTATE and constraint. Drizzle wraps driver
 * errors, and node-postgres and PGlite shape them differently, so the cause chain is searched.
 */
function databaseError(error: unknown): { code: string; constraint?: unknown; message?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint, message: candidate.message };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Whether a database error is a unique-index violation (SQLSTATE 23505), optionally of one named index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseError(error);
  if (found?.code !== '23505') return false;
  if (!constraint || found.constraint === constraint) return true;
  return typeof found.message === 'string' && found.message.includes(constraint);
}

/** SQLSTATEs after which the whole transaction may simply run again: a deadlock, a serialization failure. */
const TRANSIENT = new Set(['40P01', '40001']);

/** Whether PostgreSQL gave up on the transaction only because of another one. */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseError(error)?.code;
  return code !== undefined && TRANSIENT.has(code);
}

export const TRANSACTION_ATTEMPTS = 4;

/**
 * Runs `transaction` again when PostgreSQL aborted it for a deadlock or a serialization failure,
 * at most `attempts` times in all, with a short random pause so the two sides do not meet again.
 * Only for transactions that touch nothing but the database: the aborted try left no trace.
 * Writers take their locks in one order, so this is the backstop, not the plan; the last failure
 * is thrown as it was.
 */
export async function retryOnTransientConflict<T>(transaction: () => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await sleep(5 + Math.floor(Math.random() * 20 * attempt));
    }
  }
}
