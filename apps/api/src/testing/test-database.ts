import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import * as schema from '../db/schema/index.js';

/**
 * Test databases, migrated once per run rather than once per file (test-database.setup.ts):
 * a PGlite data directory dumped after migrating, loaded by every file; on a PostgreSQL server,
 * a migrated template database every file's own database is copied from.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (PGlite runs only). */
    pgliteSnapshot?: string;
    /** A migrated database on the DATABASE_URL server to copy (server runs only). */
    postgresTemplate?: string;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** The database's own URL on the server; undefined on PGlite. */
  url?: string;
}

export type ServerDatabase = TestDatabase & { url: string };

/**
 * A migrated, empty database for one test file: in-memory PGlite, or — when DATABASE_URL is set —
 * a fresh `winery_test_<random>` database on that server, dropped on close.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  return adminUrl ? createServerDatabase(adminUrl) : openPgliteFromSnapshot(provided('pgliteSnapshot'));
}

/**
 * A fresh, migrated database of its own on the server `adminUrl` points at, dropped (with force,
 * a killed server may leave connections) on close. Copied from the run's template when there is
 * one: CREATE DATABASE … TEMPLATE takes ~30 ms, migrating ~150 ms.
 */
export async function createServerDatabase(adminUrl: string, prefix = 'winery_test'): Promise<ServerDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  await onServer(adminUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url });
  if (!template) await handle.migrate();
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await onServer(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** PGlite opened from a migrated data directory's tarball (fresh and migrated when there is none). */
async function openPgliteFromSnapshot(snapshot: string | undefined): Promise<TestDatabase> {
  if (!snapshot) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return handle;
  }
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(snapshot)]) });
  await client.waitReady;
  return {
    db: drizzle(client, { schema }),
    kind: 'pglite',
    // The snapshot is migrated; nothing to apply.
    migrate: async () => {},
    close: () => client.close(),
  };
}

/**
 * Fills `dataDir` (a PGlite data directory, e.g. DATA_DIR/pgdata) with the run's migrated
 * snapshot, so a server process started on it skips initdb and the migrations (~5 s).
 */
export async function preparePgliteDataDir(dataDir: string): Promise<void> {
  const snapshot = provided('pgliteSnapshot');
  if (!snapshot) return;
  const client = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(snapshot)]) });
  await client.waitReady;
  await client.close();
}

export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** One statement on its own connection: CREATE/DROP DATABASE cannot run inside a pool's transaction. */
export async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// inject() only answers inside a vitest worker of a run whose global setup provided the value.
const provided = (key: 'pgliteSnapshot' | 'postgresTemplate') => {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
};
