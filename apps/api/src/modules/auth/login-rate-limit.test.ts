import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    loginLimits: {
      perAccount: { max: 3, windowMs: 60_000 },
      perIp: { max: 5, windowMs: 60_000 },
    },
  });
});
afterAll(async () => t?.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/customer/login',
    headers: { tenant: TEST_TENANT },
    remoteAddress: ip,
    payload: { email, password },
  });

const RATE_LIMITED = {
  statusCode: 429,
  type: 'rateLimited',
  message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
};

describe('failed sign-in limits', () => {
  it('blocks an account after its failures, from any address, even with the right password', async () => {
    const member = await t.createCustomer();
    for (let i = 0; i < 3; i += 1) {
      expect((await login(member.email, 'wrong-password', `203.0.113.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(member.email, TEST_PASSWORD, '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('blocks an address after its failures, whatever the account', async () => {
    const ip = '198.18.0.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await login(`stranger-${i}@example.com`, 'whatever', ip)).statusCode).toBe(401);
    }
    const member = await t.createCustomer();
    const blocked = await login(member.email, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login(member.email, TEST_PASSWORD, '198.18.0.2')).statusCode).toBe(200);
  });

  it('clears the account counter after a successful sign-in', async () => {
    const member = await t.createCustomer();
    for (let i = 0; i < 2; i += 1) {
      expect((await login(member.email, 'wrong-password', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    }
    expect((await login(member.email, TEST_PASSWORD, '192.0.2.110')).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await login(member.email, 'wrong-password', `192.0.2.${120 + i}`)).statusCode).toBe(401);
    }
    // Two fresh failures are under the limit of three.
    expect((await login(member.email, TEST_PASSWORD, '192.0.2.130')).statusCode).toBe(200);
  });

  it('starts a new window once the old one has run out', async () => {
    const member = await t.createCustomer();
    for (let i = 0; i < 3; i += 1) await login(member.email, 'wrong-password', `192.0.2.${140 + i}`);
    expect((await login(member.email, TEST_PASSWORD, '192.0.2.150')).statusCode).toBe(429);
    const { rateLimitBuckets } = await import('../../db/schema/index.js');
    await t.db.update(rateLimitBuckets).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await login(member.email, TEST_PASSWORD, '192.0.2.151')).statusCode).toBe(200);
  });
});
