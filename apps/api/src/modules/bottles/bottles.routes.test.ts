import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bottleChecks, bottles, rateLimitBuckets } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let clock = new Date('2025-03-01T10:00:00.000Z');
let wineId: string;
let ipSeq = 0;
/** A fresh client address per call, unless a test wants one network's limit. */
const nextIp = () => `198.51.${Math.floor(ipSeq / 200)}.${(ipSeq++ % 200) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, bottleCheckLimits: { perMinute: { max: 3 }, perDay: { max: 5 } } });
  const wine = await t.createWine({ name: 'Melbury', vintage: 2022, sizeMl: 750 });
  wineId = wine.id;
  await t.db.insert(bottles).values([
    { tenantId: TEST_TENANT, bottleId: 'A123-B89Z', wineId, bottleNumber: 214 },
    { tenantId: TEST_TENANT, bottleId: 'K7Q2-M4XP', wineId, bottleNumber: 215 },
    { tenantId: TEST_TENANT, bottleId: 'Z9Z9-Z9Z9', wineId, bottleNumber: 216 },
  ]);
});
afterAll(async () => t?.close());

const check = (bottleId: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/bottle-verification',
    headers: { tenant: TEST_TENANT, ...headers },
    remoteAddress: ip,
    payload: bottleId === undefined ? {} : { bottleId },
  });

const checksOf = (typedId: string) => t.db.select().from(bottleChecks).where(eq(bottleChecks.typedId, typedId));

describe('POST /v1/bottle-verification', () => {
  it('verifies a registered bottle typed in any form, and counts every check', async () => {
    const first = await check(' a123b89z ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      bottleId: 'A123-B89Z',
      wine: 'Melbury',
      vintage: 2022,
      sizeMl: 750,
      bottleNumber: 214,
      firstVerifiedAt: '2025-03-01T10:00:00.000Z',
      verificationCount: 1,
    });

    clock = new Date('2025-03-04T16:30:00.000Z');
    const second = await check('A123-b89z');
    expect(second.json()).toMatchObject({ firstVerifiedAt: '2025-03-01T10:00:00.000Z', verificationCount: 2 });
    clock = new Date('2025-03-09T08:00:00.000Z');
    const third = await check('A123B89Z');
    expect(third.json()).toMatchObject({ firstVerifiedAt: '2025-03-01T10:00:00.000Z', verificationCount: 3 });

    const rows = await checksOf('A123-B89Z');
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.result === 'verified' && row.bottleRef !== null)).toBe(true);
  });

  it("answers an unknown ID 404 with the seed's sentence, and records it", async () => {
    const response = await check('QQQQ-0000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This Bottle ID is not valid.' });
    const rows = await checksOf('QQQQ-0000');
    expect(rows).toMatchObject([{ result: 'unknown', bottleRef: null }]);
  });

  it('answers a malformed or empty ID 400 with the field message, and records it too', async () => {
    const malformed = await check('a123-b8');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      type: 'validationError',
      errors: [{ field: 'bottleId', code: 'bottleIdFormat', message: 'Bottle ID must be 8 characters in the format A123-B89Z' }],
    });
    for (const empty of ['   ', undefined]) {
      const response = await check(empty);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'bottleId', code: 'bottleIdRequired', message: 'Please enter the bottle ID' }]);
    }
    expect(await checksOf('A123-B8')).toMatchObject([{ result: 'malformed', bottleRef: null }]);
    expect((await checksOf('')).every((row) => row.result === 'malformed')).toBe(true);
  });

  it('stores a coarse origin only: the network prefix, and the country from a trusted proxy only', async () => {
    await check('K7Q2-M4XP', '203.0.113.77', { 'cf-ipcountry': 'NZ' });
    await check('K7Q2-M4XP', '2001:db8:abcd:12:1:2:3:4');
    const rows = await checksOf('K7Q2-M4XP');
    expect(rows.map((row) => row.originNetwork).sort()).toEqual(['2001:db8:abcd::/48', '203.0.113.0/24']);
    // TRUST_PROXY is off in this app: the header is not believed.
    expect(rows.map((row) => row.originCountry)).toEqual([null, null]);

    const everything = JSON.stringify(await t.db.select().from(bottleChecks));
    expect(everything).not.toContain('203.0.113.77');
    expect(everything).not.toContain('2001:db8:abcd:12');
    for (const row of await t.db.select().from(bottleChecks)) {
      expect(row.originNetwork).toMatch(/(\.0\/24|::\/48)$/);
    }
  });

  it('limits checks per network and says how long to wait, whatever the answer would be', async () => {
    const ip = '192.0.2.10';
    clock = new Date('2025-04-01T12:00:00.000Z');
    for (const id of ['A123-B89Z', 'NOPE-NOPE', 'x']) expect((await check(id, ip)).statusCode).not.toBe(429);
    const limited = await check('A123-B89Z', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      type: 'rateLimited',
      message: 'Too many bottle checks from your network. Please wait a minute and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A refused check is not a check: nothing is recorded for it.
    const recorded = await t.db.select({ n: sql<number>`count(*)` }).from(bottleChecks).where(sql`${bottleChecks.checkedAt} = ${clock.toISOString()}::timestamptz`);
    expect(Number(recorded[0]!.n)).toBe(3);

    // A minute later the burst budget is back, until the daily one runs out (5 here).
    clock = new Date('2025-04-01T12:01:05.000Z');
    expect((await check('A123-B89Z', ip)).statusCode).toBe(200);
    expect((await check('A123-B89Z', ip)).statusCode).toBe(200);
    const daily = await check('A123-B89Z', ip);
    expect(daily.statusCode).toBe(429);
    expect(daily.json().message).toBe('Too many bottle checks from your network. Please wait a few hours and try again.');

    // Another address is not affected; the counter keys hold no more than the limiter needs.
    expect((await check('A123-B89Z', '192.0.2.11')).statusCode).toBe(200);
    const keys = (await t.db.select().from(rateLimitBuckets)).map((row) => row.key).filter((key) => key.startsWith('bottle-check:'));
    expect(keys).toContain('bottle-check:minute:192.0.2.10');
  });

  it('counts an IPv6 client per /64', async () => {
    clock = new Date('2025-05-01T12:00:00.000Z');
    for (const suffix of ['1', '2', '3']) expect((await check('Z9Z9-Z9Z9', `2001:db8:1:2::${suffix}`)).statusCode).toBe(200);
    expect((await check('Z9Z9-Z9Z9', '2001:db8:1:2::99')).statusCode).toBe(429);
  });

  it('is documented in the OpenAPI document with the staff routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/bottle-verification'].post.tags).toEqual(['bottles']);
    expect(doc.paths['/v1/staff/bottles/import'].post.security).toEqual([{ staffToken: [] }]);
    expect(doc.paths['/v1/staff/bottles/suspicious'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['minChecks', 'days']),
    );
  });

  it('needs a tenant', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/bottle-verification', payload: { bottleId: 'A123-B89Z' } });
    expect(response.statusCode).toBe(400);
  });
});
