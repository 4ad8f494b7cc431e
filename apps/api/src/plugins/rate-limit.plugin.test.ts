import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';

/**
 * The global per-IP ceiling, in memory and (when REDIS_URL is set, as in CI) in Redis, where
 * two API instances must share one count.
 */
const exhaust = async (t: TestApp, times: number) => {
  const codes: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { tenant: TEST_TENANT } });
    codes.push(response.statusCode);
  }
  return codes;
};

describe('global rate limit in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ globalRateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(async () => t?.close());

  it('answers 429 rateLimited past the ceiling, in the API error shape', async () => {
    expect(await exhaust(t, 3)).toEqual([200, 200, 200]);
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      statusCode: 429,
      type: 'rateLimited',
      message: 'Too many requests. Please wait a moment and try again.',
    });
  });
});

describe('unknown /v1 routes count against the same ceiling', () => {
  let apiOnly: TestApp;
  let withWeb: TestApp;
  let webRoot = '';
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'winery-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<h1>home</h1>');
    apiOnly = await createTestApp({ globalRateLimit: { max: 3, timeWindowMs: 60_000 } });
    // With the web app, unknown /v1 paths reach its catch-all route, which static files keep unlimited.
    withWeb = await createTestApp({ webRoot, globalRateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await apiOnly?.close();
    await withWeb?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['without the web app', () => apiOnly],
    ['with the web app', () => withWeb],
  ])('%s', async (_name, app) => {
    const t = app();
    const codes: number[] = [];
    for (const url of ['/v1/nothing-here', '/v1', '/v1/customer/nope/deeper']) {
      codes.push((await t.app.inject({ method: 'GET', url, headers: { tenant: TEST_TENANT } })).statusCode);
    }
    expect(codes).toEqual([404, 404, 404]);
    for (const request of [
      { method: 'GET' as const, url: '/v1/another-unknown' },
      { method: 'POST' as const, url: '/v1/also-unknown' },
      { method: 'GET' as const, url: '/v1/health' },
    ]) {
      const response = await t.app.inject({ ...request, headers: { tenant: TEST_TENANT } });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ statusCode: 429, type: 'rateLimited', message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (t === withWeb) {
      // Pages and files of the web app stay outside the API's ceiling.
      expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    }
  });
});

describe.runIf(process.env.REDIS_URL)('global rate limit shared through Redis', () => {
  const namespace = `winery-test-${randomUUID()}-`;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const globalRateLimit = { max: 4, timeWindowMs: 60_000, redisUrl: process.env.REDIS_URL, redisNamespace: namespace };
    first = await createTestApp({ globalRateLimit });
    second = await createTestApp({ globalRateLimit });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts requests to two instances together', async () => {
    expect(await exhaust(first, 2)).toEqual([200, 200]);
    expect(await exhaust(second, 2)).toEqual([200, 200]);
    expect(await exhaust(first, 1)).toEqual([429]);
    expect(await exhaust(second, 1)).toEqual([429]);
  });
});
