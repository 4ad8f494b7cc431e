import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  const client = await openSnapshot(snapshot);
  return {
    db: drizzle(client, { schema }),
    kind: 'pglite',
    // The snapshot is migrated; nothing to apply.
    migrate: async () => {},
    close: () => client.close(),
  };
}

/** PGlite loaded from the run's snapshot: in memory, or into `dataDir` on disk. */
async function openSnapshot(snapshot: string, dataDir?: string): Promise<PGlite> {
  const { snapshot: _, tarball, ...wasm } = pgliteParts(snapshot);
  const client = new PGlite({ dataDir, loadDataDir: tarball, ...wasm, startParams: TEST_PGLITE_START_PARAMS });
  await client.waitReady;
  return client;
}

/**
 * A test file's PGlite starts with a small server: PostgreSQL's defaults (128 MB of shared
 * buffers, 100 connections' worth of shared memory) are zeroed by the WASM's memset at every start,
 * which was half of the 1–2 s each file spent opening its database. A test file's data fits in
 * 16 MB many times over, and PGlite has one connection.
 */
const TEST_PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=5', '-c', 'wal_buffers=256kB'],
];

/**
 * A Blob whose bytes are already in memory: Node's Blob reads itself back through a stream of
 * small chunks (0.4 s for the 40 MB tarball), where this hands PGlite a copy at once.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer as ArrayBuffer;
  }
}

// @types/node declares WebAssembly's types but not the global that compiles a module.
const { Module: WasmModule } = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WebAssembly.Module } }).WebAssembly;

/** What every file's PGlite is made of, read and compiled once per worker (files share it). */
let parts:
  | { snapshot: string; tarball: Blob; pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob }
  | undefined;
function pgliteParts(snapshot: string) {
  if (parts?.snapshot !== snapshot) {
    const dist = (name: string) => readFileSync(fileURLToPath(new URL(name, import.meta.resolve('@electric-sql/pglite'))));
    parts = {
      snapshot,
      tarball: new BytesBlob(readFileSync(snapshot)),
      pgliteWasmModule: new WasmModule(dist('pglite.wasm')),
      // Not run on a loaded data directory, but PGlite reads it from disk unless given.
      initdbWasmModule: new WasmModule(dist('initdb.wasm')),
      fsBundle: new BytesBlob(dist('pglite.data')),
    };
  }
  return parts;
}

/**
 * Fills `dataDir` (a PGlite data directory, e.g. DATA_DIR/pgdata) with the run's migrated
 * snapshot, so a server process started on it skips initdb and the migrations (~5 s).
 */
export async function preparePgliteDataDir(dataDir: string): Promise<void> {
  const snapshot = provided('pgliteSnapshot');
  if (!snapshot) return;
  // The start parameters are not written to the directory: the server started on it has its own.
  await (await openSnapshot(snapshot, dataDir)).close();
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
