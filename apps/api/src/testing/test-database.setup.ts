import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { MIGRATIONS_FOLDER } from '../db/migrations-folder.js';
import { databaseUrl, onServer } from './server-database.js';

/**
 * Vitest global setup: migrates one database for the whole run, which every test file then copies
 * (test-database.ts). Opening PGlite runs initdb (1–2 s a file); loading a dumped data directory
 * takes ~0.4 s and needs no migration.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = `winery_template_${randomBytes(6).toString('hex')}`;
    await onServer(adminUrl, `create database "${template}"`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template) });
    try {
      await handle.migrate();
    } finally {
      // A template must have no open connection while it is copied.
      await handle.close();
    }
    project.provide('postgresTemplate', template);
    return () => onServer(adminUrl, `drop database if exists "${template}" with (force)`);
  }

  const folder = mkdtempSync(join(tmpdir(), 'winery-pglite-snapshot-'));
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // Uncompressed: loading a gzipped dump costs ~0.15 s more per file than the disk it saves.
    writeFileSync(join(folder, 'migrated.tar'), Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteSnapshot', join(folder, 'migrated.tar'));
  return () => rmSync(folder, { recursive: true, force: true });
}
