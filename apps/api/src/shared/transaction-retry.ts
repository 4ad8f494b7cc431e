import { setTimeout as sleep } from 'node:timers/promises';

/** SQLSTATEs after which the whole transaction may simply run again: a deadlock, a serialization failure. */
const TRANSIENT = new Set(['40P01', '40001']);

/**
 * Whether PostgreSQL gave up on the transaction only because of another one (deadlock detected,
 * could not serialize). Drizzle wraps driver errors, and node-postgres and PGlite shape them
 * differently, so the cause chain is searched.
 */
export function isTransientConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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
