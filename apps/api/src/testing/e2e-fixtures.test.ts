import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_TENANT } from '../demo/demo-sign-ins.js';
import { pgliteDataDir } from '../db/client.js';
import { seedDemo } from '../demo/seed.js';
import { createTestGateway } from '../modules/payments/test-gateway.js';
import { assertApiBuilt, SERVER_JS, startApi, type ApiProcess } from './api-process.js';
import { e2eFixturesRoutes, FIXTURES_PREFIX, FIXTURES_SECRET_ENV, FIXTURES_SECRET_HEADER } from './e2e-fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';
import { preparePgliteDataDir } from './test-database.js';

const SECRET = randomBytes(24).toString('hex');
const API_ROOT = join(dirname(SERVER_JS), '..');

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

  it('refuse to be registered with a short secret', async () => {
    await expect(e2eFixturesRoutes(t.app, { db: t.db, paymentGateway: t.gateway, secret: 'x'.repeat(31) })).rejects.toThrow(FIXTURES_SECRET_ENV);
  });
});

describe('outside the browser tests', () => {
  let api: ApiProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'winery-fixtures-off-'));
  afterAll(async () => {
    await api?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('dist/server.js (npm start, a deployment) has no fixtures route, even with the secret set', async () => {
    assertApiBuilt();
    expect(existsSync(join(API_ROOT, 'dist/testing'))).toBe(false);
    await preparePgliteDataDir(pgliteDataDir(dataDir));
    // Without the demo seed: had the route been there, making staff in a missing tenant would be a 500, not a 404.
    api = await startApi(
      { DATA_DIR: dataDir, SEED_DEMO: 'false', [FIXTURES_SECRET_ENV]: SECRET, LOG_LEVEL: 'warn', WEB_ROOT: join(dataDir, 'no-web') },
      join(dataDir, 'server.log'),
    );
    const response = await fetch(`${api.origin}${FIXTURES_PREFIX}/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [FIXTURES_SECRET_HEADER]: SECRET },
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
  });

  it('the browser tests’ entry refuses to start without a secret of its own', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(API_ROOT, 'src/testing/e2e-server.ts')], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, [FIXTURES_SECRET_ENV]: 'too-short' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${FIXTURES_SECRET_ENV} must be a random string`);
  });
});
