import pg from 'pg';

/** The lock's key, as the other advisory locks in this code base name theirs. */
export const STARTUP_LOCK_NAME = 'winery:migrate-and-seed';

/**
 * Runs `work` (migrations, the demo seed) while no other instance on the same PostgreSQL server
 * does: several machines started together after an upgrade would otherwise apply the same
 * migration at once (one of them failing on objects the other just made) or seed the demo twice.
 *
 * The lock is a transaction-level advisory lock held by a connection of its own, outside the
 * app's pool, whose transaction stays open while `work` runs on the pool and is ended afterwards.
 * Unlike a session-level lock it cannot leak through PgBouncer in transaction mode (the open
 * transaction keeps its server connection for its whole life), and a process that dies while
 * holding it releases it with its connection. `onWait` is called once when another instance holds it.
 */
export async function withStartupLock<T>(url: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const holder = new pg.Client({ connectionString: url });
  // An error on the idle holder (the server restarting) must not end the process; the query
  // that follows fails and says so.
  holder.on('error', () => undefined);
  await holder.connect();
  try {
    await holder.query('begin');
    const { rows } = await holder.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked', [STARTUP_LOCK_NAME]);
    if (!rows[0]?.locked) {
      onWait?.();
      await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [STARTUP_LOCK_NAME]);
    }
    const result = await work();
    await holder.query('commit');
    return result;
  } catch (error) {
    await holder.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await holder.end().catch(() => undefined);
  }
}
