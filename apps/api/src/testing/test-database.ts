import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { databaseUrl, onServer } from './server-database.js';

/**
 * Test databases, migrated once per run rather than once per file (test-database.setup.ts):
 * a PGlite data directory dumped after migrating, loaded once per worker and emptied between the
 * files that use it in turn; on a PostgreSQL server, a migrated template database every file's own
 * database is copied from.
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

/**
 * A migrated, empty PGlite for one test file: the worker's idle one when it has one, emptied when
 * the file before closed it, else one loaded from the run's snapshot (a fresh, migrated one when
 * there is none). Loading costs about 0.6 s of CPU a file; emptying about 0.1 s.
 */
async function openPgliteFromSnapshot(snapshot: string | undefined): Promise<TestDatabase> {
  if (!snapshot) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return handle;
  }
  const idle = idlePglites.pop();
  if (idle) return lease(idle);
  const client = await openSnapshot(snapshot);
  snapshotShape ??= await schemaShape(client);
  return lease(client);
}

/**
 * What a file sees of a worker's PGlite: queries go through while the file holds it, and throw
 * once it has closed it, as on a closed PGlite, so nothing a finished file left running (a timer,
 * a promise no one awaited) reaches the next file's data. A transaction begun before the close
 * holds PGlite's one connection, so emptying the database waits for it to end.
 */
function lease(client: PGlite): TestDatabase {
  let held = true;
  const live = () => {
    if (!held) throw new Error('PGlite is closed');
    return client;
  };
  const leased = {
    query: (...args: Parameters<PGlite['query']>) => live().query(...args),
    exec: (...args: Parameters<PGlite['exec']>) => live().exec(...args),
    transaction: (...args: Parameters<PGlite['transaction']>) => live().transaction(...args),
  } as unknown as PGlite;
  return {
    db: drizzle({ client: leased, schema }),
    kind: 'pglite',
    // The snapshot is migrated; nothing to apply.
    migrate: async () => {},
    async close() {
      if (!held) return;
      held = false;
      if (await emptied(client)) idlePglites.push(client);
      // Not awaited: closing waits for PGlite's one connection too, which a hung transaction holds.
      else void client.close().catch(() => undefined);
    },
  };
}

/** This worker's PGlites that no file holds, each as the snapshot left it: migrated and empty. */
const idlePglites: PGlite[] = [];

/**
 * How long emptying may take before the instance is given up for a fresh one (a transaction left
 * open holds it for good). It takes about 0.1 s; giving up wrongly costs only a fresh load.
 */
const EMPTYING_MS = 3_000;

/**
 * Brings a PGlite a file has finished with back to the snapshot: the session's state dropped
 * (settings, temporary tables, advisory locks, prepared statements, LISTEN), every table of the
 * app emptied. Answers false when that cannot be promised, and the instance is then closed: the
 * snapshot had rows in the app's tables (a migration that seeds data), or the file changed the
 * schema and did not put it back (a function, a trigger, a table, a column, a sequence moved on),
 * or emptying did not end in time.
 */
async function emptied(client: PGlite): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), EMPTYING_MS)));
  const work = (async () => {
    const shape = snapshotShape;
    if (!shape?.empty) return false;
    await client.exec('DISCARD ALL');
    await client.exec(`TRUNCATE ${shape.tables} RESTART IDENTITY CASCADE`);
    return (await schemaFingerprint(client)) === shape.fingerprint;
  })().catch(() => false);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The snapshot's schema, read from the worker's first instance before any file used it. */
let snapshotShape: { tables: string; empty: boolean; fingerprint: string } | undefined;

/** Schemas of the app's own: not the catalogue's, nor the migrations' record, nor a session's temporary ones. */
const OWN_SCHEMA = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'drizzle') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

/** The app's tables, whether they are all empty, and the schema's fingerprint. */
async function schemaShape(client: PGlite): Promise<{ tables: string; empty: boolean; fingerprint: string }> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and ${OWN_SCHEMA} order by 1`,
  );
  const { rows: counts } = await client.query<{ any: boolean }>(
    tables.length === 0 ? 'select false as any' : `select exists (${tables.map((table) => `select 1 from ${table.name}`).join(' union all ')}) as any`,
  );
  return { tables: tables.map((table) => table.name).join(', '), empty: counts[0]?.any === false, fingerprint: await schemaFingerprint(client) };
}

/**
 * A fingerprint of what a test could change in the schema: relations and their columns, functions
 * with their bodies, triggers, sequences' positions, per-database settings.
 */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(
    `select md5(concat_ws('|',
       (select string_agg(format('%s.%s:%s', n.nspname, c.relname, c.relkind), ',' order by c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${OWN_SCHEMA}),
       (select string_agg(format('%s.%s:%s', a.attrelid, a.attname, a.atttypid), ',' order by a.attrelid, a.attnum) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where ${OWN_SCHEMA} and not a.attisdropped),
       (select string_agg(format('%s:%s', p.oid, md5(p.prosrc)), ',' order by p.oid) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${OWN_SCHEMA}),
       (select string_agg(t.oid::text, ',' order by t.oid) from pg_trigger t),
       (select string_agg(format('%s.%s:%s', s.schemaname, s.sequencename, s.last_value), ',' order by s.schemaname, s.sequencename) from pg_sequences s where s.schemaname <> 'drizzle'),
       (select count(*) from pg_db_role_setting)
     )) as fingerprint`,
  );
  return rows[0]!.fingerprint;
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

// inject() only answers inside a vitest worker of a run whose global setup provided the value.
const provided = (key: 'pgliteSnapshot' | 'postgresTemplate') => {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
};
