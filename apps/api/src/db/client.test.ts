import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase, type ServerDatabase } from '../testing/test-database.js';
import { openDatabase, type DatabaseHandle } from './client.js';

/** PG_POOL_MAX: a process keeps at most that many connections to the server (PostgreSQL server only). */
const ADMIN_URL = process.env.DATABASE_URL;
let server: ServerDatabase | undefined;
let handle: DatabaseHandle | undefined;

afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!ADMIN_URL)('the pool of a PostgreSQL server', () => {
  it('opens no more connections than asked, however many queries wait', async () => {
    server = await createServerDatabase(ADMIN_URL!, 'winery_pool');
    handle = await openDatabase({ kind: 'postgres', url: server.url, poolMax: 3 });
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        await pool.query('select pg_sleep(0.05)');
        most = Math.max(most, pool.totalCount);
      }),
    );
    expect(pool.options.max).toBe(3);
    expect(most).toBe(3);
  });
});
