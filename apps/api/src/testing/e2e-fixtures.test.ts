import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_GRACE_MS } from '@winery/domain';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_TENANT } from '../demo/demo-sign-ins.js';
import { pgliteDataDir } from '../db/client.js';
import { seedDemo } from '../demo/seed.js';
import { createTestGateway } from '../modules/payments/test-gateway.js';
import { answersHealth, assertApiBuilt, freePort, SERVER_JS, startApi, waitUntilReady, type ApiProcess } from './api-process.js';
import { createSimulatedClock, DATABASE_SERVER_ENV, FIXTURES_PREFIX, FIXTURES_SECRET_ENV, FIXTURES_SECRET_HEADER, OWN_DATABASE_LINE, simulatedClockFromEnv, TEST_CLOCK_ENV } from './e2e-environment.js';
import { e2eFixturesRoutes } from './e2e-fixtures.js';
import { databaseUrl, onServer } from './server-database.js';
import { createTestApp, type TestApp } from './test-app.js';
import { preparePgliteDataDir } from './test-database.js';

const SECRET = randomBytes(24).toString('hex');
const API_ROOT = join(dirname(SERVER_JS), '..');
/** How the browser tests start their server (apps/web/tests/e2e/support/global-setup.ts). */
const ENTRY_ARGS = ['--import', 'tsx', join(API_ROOT, 'src/testing/e2e-server.ts')];
/** The entry's environment in these tests: nothing of this process's but PATH and HOME. */
const entryEnv = (dataDir: string, more: Record<string, string> = {}) => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...more });
/** A server of the entry's on `port`: no demo data, no web app, quiet. */
const serving = (port: number, dataDir: string) => ({ SEED_DEMO: 'false', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), WEB_ROOT: join(dataDir, 'no-web') });

describe('the browser tests’ fixtures routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    const paymentGateway = createTestGateway();
    t = await createTestApp({
      paymentGateway,
      beforeReady: async (app, db) => {
        await app.register(e2eFixturesRoutes, { prefix: FIXTURES_PREFIX, db, paymentGateway, secret: SECRET });
      },
    });
    await seedDemo(t.db, new Date(), paymentGateway);
  });
  afterAll(() => t?.close());

  /** `secret` null: no header at all. */
  const post = (path: string, payload: Record<string, unknown>, secret: string | null = SECRET) =>
    t.app.inject({ method: 'POST', url: `${FIXTURES_PREFIX}${path}`, headers: secret === null ? {} : { [FIXTURES_SECRET_HEADER]: secret }, payload });

  it('answer as an unknown route without the run’s secret, or with another', async () => {
    for (const secret of [null, '', `${SECRET}x`, SECRET.toUpperCase()]) {
      const response = await post('/members', { like: 'member' }, secret);
      expect(response.statusCode, String(secret)).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
    }
  });

  it('make a member in the situation of a demo member, under an address of their own', async () => {
    const response = await post('/members', { like: 'ordered' });
    expect(response.statusCode).toBe(201);
    const member = response.json<{ tenant: string; email: string; password: string; customerId: string; orderNumbers: string[] }>();
    expect(member.tenant).toBe(DEMO_TENANT.slug);
    expect(member.email).not.toBe(DEMO_MEMBERS.ordered);
    expect(member.orderNumbers).toHaveLength(1);

    const token = await t.signIn(member.email, DEMO_PASSWORD, DEMO_TENANT.slug);
    const demoToken = await t.signIn(DEMO_MEMBERS.ordered, DEMO_PASSWORD, DEMO_TENANT.slug);
    const read = async (bearer: string, customerId: string, what: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/${DEMO_TENANT.slug}/customer/${customerId}/${what}`, headers: { tenant: DEMO_TENANT.slug, authorization: bearer } })).json<Array<Record<string, unknown>>>();
    const demoId = JSON.parse(Buffer.from(demoToken.split('.')[1]!, 'base64url').toString()).sub as string;

    const [orders, demoOrders] = [await read(token, member.customerId, 'order'), await read(demoToken, demoId, 'order')];
    expect(orders.map((order) => order.number)).toEqual(member.orderNumbers);
    expect(orders.map((order) => order.totalCents)).toEqual(demoOrders.map((order) => order.totalCents));
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ id: _id, createdAt: _created, ...row }) => row);
    expect(strip(await read(token, member.customerId, 'address'))).toEqual(strip(await read(demoToken, demoId, 'address')));
    const cards = await read(token, member.customerId, 'card');
    expect(cards.map((card) => [card.brand, card.last4])).toEqual((await read(demoToken, demoId, 'card')).map((card) => [card.brand, card.last4]));
    const allocations = await read(token, member.customerId, 'allocation');
    expect(allocations.map((a) => a.name)).toEqual((await read(demoToken, demoId, 'allocation')).map((a) => a.name));
  });

  it('make staff who can sign in, and refuse a story the demo does not have', async () => {
    const staff = await post('/staff', { role: 'viewer' });
    expect(staff.statusCode).toBe(201);
    expect(await t.signInStaff(staff.json<{ email: string }>().email, DEMO_PASSWORD, DEMO_TENANT.slug)).toMatch(/\./);
    const wrong = await post('/members', { like: 'nobody' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ field: 'like' })] });
  });

  it('have no clock to move when the server runs on the real clock', async () => {
    const response = await post('/clock', { advanceMs: 60_000 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
  });

  it('make a member in a tier of the producer’s, and refuse a tier it does not have', async () => {
    const response = await post('/members', { like: 'offering', tierName: 'Founder' });
    expect(response.statusCode).toBe(201);
    const staff = await post('/staff', { role: 'viewer' });
    const staffToken = await t.signInStaff(staff.json<{ email: string }>().email, DEMO_PASSWORD, DEMO_TENANT.slug);
    const seen = await t.app.inject({ method: 'GET', url: `/v1/staff/members/${response.json<{ customerId: string }>().customerId}`, headers: { tenant: DEMO_TENANT.slug, authorization: staffToken } });
    expect(seen.json()).toMatchObject({ tierName: 'Founder' });
    const wrong = await post('/members', { like: 'offering', tierName: 'Platinum' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ field: 'tierName' })] });
  });

  it('make a member of long standing, allocated in the releases closed before the grace window too, after the current one', async () => {
    const response = await post('/members', { like: 'offering', pastReleases: true });
    expect(response.statusCode).toBe(201);
    const member = response.json<{ email: string; customerId: string }>();
    const token = await t.signIn(member.email, DEMO_PASSWORD, DEMO_TENANT.slug);
    const list = (
      await t.app.inject({ method: 'GET', url: `/v1/${DEMO_TENANT.slug}/customer/${member.customerId}/allocation`, headers: { tenant: DEMO_TENANT.slug, authorization: token } })
    ).json<Array<{ name: string; endDate: string }>>();
    expect(list).toHaveLength(3);
    expect(Date.parse(list[0]!.endDate)).toBeGreaterThan(Date.now());
    expect(list.slice(1).every((allocation) => Date.parse(allocation.endDate) < Date.now() - ALLOCATION_GRACE_MS)).toBe(true);
  });

  it('refuse to be registered with a short secret', async () => {
    await expect(e2eFixturesRoutes(t.app, { db: t.db, paymentGateway: t.gateway, secret: 'x'.repeat(31) })).rejects.toThrow(FIXTURES_SECRET_ENV);
  });
});

describe('the simulated clock (WINERY_TEST_CLOCK=simulated)', () => {
  let t: TestApp;
  let real = Date.parse('2026-11-25T12:00:00.000Z');
  const clock = createSimulatedClock(() => real);
  beforeAll(async () => {
    const paymentGateway = createTestGateway();
    t = await createTestApp({
      paymentGateway,
      now: clock.now,
      beforeReady: async (app, db) => {
        await app.register(e2eFixturesRoutes, { prefix: FIXTURES_PREFIX, db, paymentGateway, secret: SECRET, clock });
      },
    });
    await seedDemo(t.db, clock.now(), paymentGateway);
  });
  afterAll(() => t?.close());

  const move = (payload: Record<string, unknown>, secret: string | null = SECRET) =>
    t.app.inject({ method: 'POST', url: `${FIXTURES_PREFIX}/clock`, headers: secret === null ? {} : { [FIXTURES_SECRET_HEADER]: secret }, payload });
  const nowOf = (response: { json: <T>() => T }) => Date.parse(response.json<{ now: string }>().now);

  it('is real time plus what the spec moved it on, and the app answers on it', async () => {
    const member = await t.app.inject({ method: 'POST', url: `${FIXTURES_PREFIX}/members`, headers: { [FIXTURES_SECRET_HEADER]: SECRET }, payload: { like: 'offering' } });
    const { email, customerId } = member.json<{ email: string; customerId: string }>();
    const token = await t.signIn(email, DEMO_PASSWORD, DEMO_TENANT.slug);
    const headers = { tenant: DEMO_TENANT.slug, authorization: token };
    const [allocation] = (await t.app.inject({ method: 'GET', url: `/v1/${DEMO_TENANT.slug}/customer/${customerId}/allocation`, headers })).json<Array<{ id: string }>>();
    const serverTime = async () =>
      Date.parse((await t.app.inject({ method: 'GET', url: `/v1/${DEMO_TENANT.slug}/customer/${customerId}/allocation/${allocation!.id}/offering`, headers })).json<{ serverTime: string }>().serverTime);

    const start = nowOf(await move({ advanceMs: 0 }));
    expect(start).toBe(real);
    expect(await serverTime()).toBe(start);

    const moved = await move({ advanceMs: 3 * 60 * 60 * 1000 });
    expect(moved.statusCode).toBe(200);
    expect(nowOf(moved)).toBe(start + 3 * 60 * 60 * 1000);
    expect(await serverTime()).toBe(start + 3 * 60 * 60 * 1000);

    // Real time still flows under the offset.
    real += 1_500;
    expect(await serverTime()).toBe(start + 3 * 60 * 60 * 1000 + 1_500);

    const target = new Date(start + 4 * 60 * 60 * 1000).toISOString();
    const set = await move({ setTo: target });
    expect(set.json()).toEqual({ now: target });
    expect(await serverTime()).toBe(Date.parse(target));
  });

  it('never goes backwards: a past instant or a negative step is a 400 by field and moves nothing', async () => {
    const before = nowOf(await move({ advanceMs: 0 }));
    const past = await move({ setTo: new Date(before - 1).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ statusCode: 400, type: 'validationError', errors: [expect.objectContaining({ field: 'setTo' })] });
    const negative = await move({ advanceMs: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ field: 'advanceMs' })] });
    for (const payload of [{}, { advanceMs: 1, setTo: new Date(before + 1).toISOString() }, { setTo: 'tomorrow' }]) {
      expect((await move(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(nowOf(await move({ advanceMs: 0 }))).toBe(before);
  });

  it('answers as an unknown route without the run’s secret', async () => {
    const before = nowOf(await move({ advanceMs: 0 }));
    for (const secret of [null, `${SECRET}x`]) expect((await move({ advanceMs: 60_000 }, secret)).statusCode).toBe(404);
    expect(nowOf(await move({ advanceMs: 0 }))).toBe(before);
  });

  it('is only there when the environment asks for it', () => {
    expect(simulatedClockFromEnv({})).toBeUndefined();
    expect(simulatedClockFromEnv({ [TEST_CLOCK_ENV]: '' })).toBeUndefined();
    expect(simulatedClockFromEnv({ [TEST_CLOCK_ENV]: 'simulated' })?.now()).toBeInstanceOf(Date);
    expect(() => simulatedClockFromEnv({ [TEST_CLOCK_ENV]: 'fast' })).toThrow(TEST_CLOCK_ENV);
  });
});

// Processes started on an embedded database of their own (DATA_DIR, no DATABASE_URL), as the
// browser tests' server runs: the same tests whether or not DATABASE_URL is set, so the run on a
// PostgreSQL server leaves them to the PGlite run.
describe.skipIf(process.env.DATABASE_URL)('outside the browser tests (PGlite only)', () => {
  let api: ApiProcess | undefined;
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'winery-fixtures-off-'));
  });
  afterAll(async () => {
    await api?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('dist/server.js (npm start, a deployment) has no fixtures route, even with the secret and the simulated clock set', async () => {
    assertApiBuilt();
    expect(existsSync(join(API_ROOT, 'dist/testing'))).toBe(false);
    await preparePgliteDataDir(pgliteDataDir(dataDir));
    // Without the demo seed: had the route been there, making staff in a missing tenant would be a 500, not a 404.
    api = await startApi(
      { DATA_DIR: dataDir, SEED_DEMO: 'false', [FIXTURES_SECRET_ENV]: SECRET, [TEST_CLOCK_ENV]: 'simulated', LOG_LEVEL: 'warn', WEB_ROOT: join(dataDir, 'no-web') },
      join(dataDir, 'server.log'),
    );
    const response = await fetch(`${api.origin}${FIXTURES_PREFIX}/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [FIXTURES_SECRET_HEADER]: SECRET },
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
    // Nor a clock to move.
    const clock = await fetch(`${api.origin}${FIXTURES_PREFIX}/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [FIXTURES_SECRET_HEADER]: SECRET },
      body: JSON.stringify({ advanceMs: 60_000 }),
    });
    expect(clock.status).toBe(404);
  });

  it('the browser tests’ entry has no clock to move without WINERY_TEST_CLOCK=simulated, and refuses any other value', async () => {
    const ownDir = mkdtempSync(join(tmpdir(), 'winery-fixtures-real-clock-'));
    await preparePgliteDataDir(pgliteDataDir(ownDir));
    const port = await freePort();
    const env = entryEnv(ownDir, serving(port, dataDir));
    const wrong = spawnSync(process.execPath, ENTRY_ARGS, {
      cwd: API_ROOT,
      env: { ...env, [FIXTURES_SECRET_ENV]: SECRET, [TEST_CLOCK_ENV]: 'fast' },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(TEST_CLOCK_ENV);

    const child = spawn(process.execPath, ENTRY_ARGS, {
      cwd: API_ROOT,
      env: { ...env, [FIXTURES_SECRET_ENV]: SECRET, PASSWORD_HASH_THREADS: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const origin = `http://127.0.0.1:${port}`;
      // tsx compiles the entry on start: over a minute on a busy CI run of three lanes on two cores.
      await waitUntilReady(child, answersHealth(origin), { output: () => errors, timeoutMs: 120_000 });
      const call = (path: string, body: object) =>
        fetch(`${origin}${FIXTURES_PREFIX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', [FIXTURES_SECRET_HEADER]: SECRET }, body: JSON.stringify(body) });
      // The fixtures are there (a bad body is a 400 of theirs), the clock is not.
      expect((await call('/members', { like: 'nobody' })).status).toBe(400);
      const clock = await call('/clock', { advanceMs: 60_000 });
      expect(clock.status).toBe(404);
      expect(await clock.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('the browser tests’ entry refuses to start without a secret of its own', () => {
    const result = spawnSync(process.execPath, ENTRY_ARGS, {
      cwd: API_ROOT,
      env: entryEnv(dataDir, { [FIXTURES_SECRET_ENV]: 'too-short' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${FIXTURES_SECRET_ENV} must be a random string`);
  });
});

// The browser tests' server when their run has DATABASE_URL (CI): a database of its own on that
// server, dropped when it stops, so no run leaves one behind.
describe.runIf(process.env.DATABASE_URL)('the browser tests’ entry on a PostgreSQL server (server run only)', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'winery-fixtures-server-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes a migrated database of its own there, serves from it, and drops it when it stops', async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const port = await freePort();
    const child = spawn(process.execPath, ENTRY_ARGS, {
      cwd: API_ROOT,
      env: entryEnv(dataDir, { ...serving(port, dataDir), PASSWORD_HASH_THREADS: '0', [FIXTURES_SECRET_ENV]: SECRET, [DATABASE_SERVER_ENV]: serverUrl }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const databases = async () =>
      (await onServer<{ datname: string }>(serverUrl, `select datname from pg_database where datname like 'winery\\_e2e\\_%'`)).map((row) => row.datname);
    let name = '';
    try {
      await waitUntilReady(child, answersHealth(`http://127.0.0.1:${port}`), { output: () => output, timeoutMs: 120_000 });
      name = new RegExp(`${OWN_DATABASE_LINE}(winery_e2e_[0-9a-f]{12})`).exec(output)?.[1] ?? '';
      expect(name, output).not.toBe('');
      expect(await databases()).toContain(name);
      // Migrated there: the fixtures answer from it (a bad body is a 400 of theirs), and its tables are the app's.
      const fixture = await fetch(`http://127.0.0.1:${port}${FIXTURES_PREFIX}/members`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [FIXTURES_SECRET_HEADER]: SECRET },
        body: JSON.stringify({ like: 'nobody' }),
      });
      expect(fixture.status).toBe(400);
      expect(await onServer(databaseUrl(serverUrl, name), `select to_regclass('public.orders') is not null as migrated`)).toEqual([{ migrated: true }]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(await databases()).not.toContain(name);
    // Nothing of PGlite was made in its data directory.
    expect(existsSync(pgliteDataDir(dataDir))).toBe(false);
  }, 300_000);
});
