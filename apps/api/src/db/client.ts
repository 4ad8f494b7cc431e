import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import type { Database } from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import { acquireDataDirLock } from './pglite-lock.js';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** `poolMax`: connections kept at most (PG_POOL_MAX, default 10). */
  | { kind: 'postgres'; url: string; poolMax?: number }
  /** `dataDir` undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string; lockPath?: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolMax) : openPglite(target);
}

/**
 * A pool of node-postgres connections. Nothing the API does keeps state on a connection between
 * transactions (no session advisory lock, LISTEN, named prepared statement or SET), so the URL may
 * point at a PgBouncer in transaction mode (README, "PostgreSQL"); order placement pipelines its
 * statements within one transaction (ADR 026), which PgBouncer passes through.
 */
async function openPostgres(url: string, poolMax = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // A server restart or failover drops idle connections; unhandled, that error would end the
  // process. The pool replaces the connection on the next query, so logging it is enough.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`);
  });
  // Fail at start with the server's own words rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

async function openPglite(target: { dataDir?: string; lockPath?: string }): Promise<DatabaseHandle> {
  const lock = target.dataDir
    ? acquireDataDirLock(target.lockPath ?? `${target.dataDir}.lock`, target.dataDir)
    : undefined;
  try {
    const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    let closed = false;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export const pgliteDataDir = (dataDir: string) => join(dataDir, 'pgdata');
export const pgliteLockPath = (dataDir: string) => join(dataDir, 'pgdata.lock');
