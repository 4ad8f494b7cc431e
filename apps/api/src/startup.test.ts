import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { withStartupLock } from './db/startup-lock.js';
import { loadConfig } from './env.js';
import { TEST_CARDS } from './modules/payments/test-gateway.js';
import { createConfiguredGateway, prepareDatabase, singleProcessReason, startBanner } from './startup.js';
import { databaseUrl, onServer } from './testing/server-database.js';

const ADMIN_URL = process.env.DATABASE_URL;
const folders: string[] = [];
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'winery-startup-'));
  folders.push(path);
  return path;
};
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

const card = { cardNumber: TEST_CARDS.approved, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvv: '123', cardHolderName: 'Ada Vintner' };
const fingerprintOf = async (gateway: ReturnType<typeof createConfiguredGateway>) => {
  const saved = await gateway.tokenizeCard(card);
  if (saved.status !== 'approved') throw new Error('not approved');
  return saved.fingerprint;
};

describe('what every machine must share', () => {
  it('fingerprints a card alike on machines with their own DATA_DIR once they share TEST_GATEWAY_FINGERPRINT_KEY', async () => {
    const key = Buffer.alloc(32, 42).toString('base64url');
    const [one, two] = [folder(), folder()];
    const shared = await Promise.all([one, two].map((dir) => fingerprintOf(createConfiguredGateway(loadConfig({ DATA_DIR: dir, TEST_GATEWAY_FINGERPRINT_KEY: key })))));
    expect(shared[0]).toBe(shared[1]);
    // Each with a key of its own in its DATA_DIR, the same card looks like two.
    const apart = await Promise.all([folder(), folder()].map((dir) => fingerprintOf(createConfiguredGateway(loadConfig({ DATA_DIR: dir })))));
    expect(apart[0]).not.toBe(apart[1]);
  });
});

describe('the start banner', () => {
  it('names the workers: several with their pids, or one and why', () => {
    const several = startBanner(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/winery', PORT: '4100', SEED_DEMO: 'false' }), 'postgres', [11, 12]);
    expect(several).toContain('  Winery members site: http://localhost:4100\n');
    expect(several).toContain('  Workers:             2 processes on port 4100 (WEB_CONCURRENCY; pids 11, 12); one that stops is replaced\n');
    const embedded = loadConfig({ WEB_CONCURRENCY: '4' });
    expect(startBanner(embedded, 'pglite', [7])).toContain('  Workers:             1 process (pid 7): WEB_CONCURRENCY=4 needs DATABASE_URL\n');
    expect(singleProcessReason(embedded)).toBe(
      'WEB_CONCURRENCY=4 asks for 4 API workers, but the embedded database (no DATABASE_URL) can be opened by one process only: running 1. Set DATABASE_URL to a PostgreSQL server to run several.',
    );
    expect(singleProcessReason(loadConfig({}))).toBeNull();
    expect(singleProcessReason(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/winery' }))).toBeNull();
  });
});

describe.skipIf(!ADMIN_URL)('starting several machines at once on one PostgreSQL server (PostgreSQL only)', () => {
  it('runs the work under the startup lock one instance at a time, telling the one that waits', async () => {
    const url = ADMIN_URL!;
    const order: string[] = [];
    let waited = 0;
    /** Resolves once `done` holds, or after 10 s (then the order below tells what went wrong). */
    const until = async (done: () => boolean) => {
      for (const deadline = Date.now() + 10_000; !done() && Date.now() < deadline; ) await sleep(10);
    };
    // The first holds the lock until the second has said it waits (not for a fixed time, which a
    // busy machine's slow connection could outlast: the second then found the lock free).
    const job = (name: string, holdUntil: () => boolean = () => true) => async () => {
      order.push(`${name} starts`);
      await until(holdUntil);
      order.push(`${name} ends`);
      return name;
    };
    const first = withStartupLock(url, job('first', () => waited > 0));
    await until(() => order.includes('first starts'));
    const second = withStartupLock(url, job('second'), () => (waited += 1));
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(order).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
    expect(waited).toBe(1);
    // A failing start lets go of the lock too.
    await expect(withStartupLock(url, () => Promise.reject(new Error('migration failed')))).rejects.toThrow('migration failed');
    expect(await withStartupLock(url, async () => 'free')).toBe('free');
  });

  it('migrates an empty database and seeds the demo once when three instances start together', async () => {
    const name = `winery_startup_${Date.now().toString(36)}`;
    await onServer(ADMIN_URL!, `create database "${name}"`);
    const url = databaseUrl(ADMIN_URL!, name);
    const handles = await Promise.all([0, 1, 2].map(() => openDatabase({ kind: 'postgres', url })));
    try {
      const config = loadConfig({ DATABASE_URL: url, DATA_DIR: folder() });
      const gateway = createConfiguredGateway(config);
      let waits = 0;
      const seeded = await Promise.all(handles.map((handle) => prepareDatabase(config, handle, gateway, () => (waits += 1))));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      expect(waits).toBe(2);
      const rows = (await handles[0]!.db.execute(sql`select (select count(*)::int from tenants where id = 'demo') as tenants, (select count(*)::int from drizzle.__drizzle_migrations) as migrations`)) as unknown as {
        rows: Array<{ tenants: number; migrations: number }>;
      };
      expect(rows.rows[0]!.tenants).toBe(1);
      expect(rows.rows[0]!.migrations).toBeGreaterThan(10);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await onServer(ADMIN_URL!, `drop database if exists "${name}" with (force)`);
    }
  }, 120_000);
});
