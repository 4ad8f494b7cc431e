import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/index.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

/**
 * A worker's PGlite serves its test files in turn (test-database.ts): what one file did must be
 * gone when the next opens its database, whatever it left behind. On a PostgreSQL server every
 * file has a database of its own, copied from the template, and the same holds.
 */
const rowsOf = async (database: TestDatabase, query: string) => ((await database.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
const tenantCount = async (database: TestDatabase) => Number((await rowsOf(database, 'select count(*) as n from tenants'))[0]!.n);

describe('a test file’s database', () => {
  it('opens empty after another file wrote to it, with the session’s settings back to their defaults', async () => {
    const first = await openTestDatabase();
    const defaultTimeout = (await rowsOf(first, 'show statement_timeout'))[0]!.statement_timeout;
    await first.db.insert(tenants).values({ id: 'left-behind', name: 'Left Behind' });
    await first.db.execute(sql.raw("set statement_timeout = '4321ms'"));
    await first.db.execute(sql.raw('create temporary table scratch (n int)'));
    await first.close();

    const next = await openTestDatabase();
    try {
      expect(await tenantCount(next)).toBe(0);
      expect((await rowsOf(next, 'show statement_timeout'))[0]!.statement_timeout).toBe(defaultTimeout);
      expect(await rowsOf(next, "select 1 from pg_class where relname = 'scratch'")).toEqual([]);
      // Its own writes work as on any fresh database.
      await next.db.insert(tenants).values({ id: 'left-behind', name: 'Left Behind' });
      expect(await tenantCount(next)).toBe(1);
    } finally {
      await next.close();
    }
  });

  it('has none of the functions or triggers a file added and did not drop', async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql.raw('create function left_behind() returns int language sql as $$ select 1 $$'));
    await first.close();

    const next = await openTestDatabase();
    try {
      expect(await rowsOf(next, "select 1 from pg_proc where proname = 'left_behind'")).toEqual([]);
    } finally {
      await next.close();
    }
  });

  it('refuses queries once its file closed it, so nothing left running reaches the next file’s data', async () => {
    const first = await openTestDatabase();
    await first.close();
    await expect(first.db.insert(tenants).values({ id: 'too-late', name: 'Too Late' })).rejects.toThrow();

    const next = await openTestDatabase();
    try {
      expect(await tenantCount(next)).toBe(0);
    } finally {
      await next.close();
    }
  });

  // PGlite only: a server's pool, closing, waits for its connections to come back.
  it.skipIf(Boolean(process.env.DATABASE_URL))('closes, and the next file opens an empty one, when a file left a transaction that never ends', async () => {
    const first = await openTestDatabase();
    let began: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (began = resolve));
    void first.db
      .transaction(async (tx) => {
        await tx.insert(tenants).values({ id: 'never-committed', name: 'Never Committed' });
        began();
        await new Promise(() => undefined);
      })
      .catch(() => undefined);
    await begun;
    await first.close();

    const next = await openTestDatabase();
    try {
      expect(await tenantCount(next)).toBe(0);
    } finally {
      await next.close();
    }
  });

  it('is a database of its own while another file’s is open', async () => {
    const [one, two] = [await openTestDatabase(), await openTestDatabase()];
    try {
      await one.db.insert(tenants).values({ id: 'only-in-one', name: 'Only In One' });
      expect(await tenantCount(one)).toBe(1);
      expect(await tenantCount(two)).toBe(0);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
