import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    globalRateLimit: { max: 30, timeWindowMs: 60_000 },
    beforeReady: (app) => {
      app.get('/v1/test/explode', async () => {
        throw new Error('connection to 10.0.0.5 refused: password authentication failed for user "winery"');
      });
    },
  });
});
afterAll(async () => t?.close());

describe('the error handler', () => {
  it('answers an unexpected failure with 500 and no internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, type: 'other', message: 'Sorry, something went wrong' });
    expect(response.body).not.toMatch(/10\.0\.0\.5|password|stack|at /);
  });

  it('answers unknown /v1 paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no-such-thing'],
      ['POST', '/v1/customer/signup'],
      ['GET', '/v1'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { tenant: TEST_TENANT } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
    }
  });

  it('answers any path with JSON 404 when there is no web build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/philosophy' });
    expect(response.statusCode).toBe(404);
    expect(response.json().type).toBe('notFound');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('answers rateLimited once an address exceeds the global limit', async () => {
    let last;
    for (let i = 0; i < 31; i += 1) {
      last = await t.app.inject({ method: 'GET', url: '/v1/health', remoteAddress: '203.0.113.77' });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ statusCode: 429, type: 'rateLimited' });
    expect(last!.headers['retry-after']).toBeDefined();
  });
});
