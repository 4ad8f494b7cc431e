import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../../db/schema/index.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

// The app's clock: real time plus what a test skips ahead.
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const advance = (ms: number) => {
  offsetMs += ms;
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    now: clock,
    loginLimits: {
      perIp: { max: 5, windowMs: 60_000 },
      perPair: { free: 3, firstDelayMs: 60_000, maxDelayMs: 240_000 },
      alert: { max: 4, windowMs: 15 * 60_000 },
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

const alerts = (email: string) =>
  t.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.toAddress, email), eq(mailQueue.kind, 'sign-in-attempts')));

describe('failed sign-in limits (ADR 012: no lock-out a stranger can trigger)', () => {
  it('slows the account on the guessing address only: the owner signs in from another one', async () => {
    const member = await t.createCustomer();
    for (let i = 0; i < 3; i += 1) expect((await login(member.email, 'wrong-password', '203.0.113.1')).statusCode).toBe(401);
    const slowed = await login(member.email, TEST_PASSWORD, '203.0.113.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual(RATE_LIMITED);
    const retryAfter = Number(slowed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The owner, from their own network, with the right password.
    expect((await login(member.email, TEST_PASSWORD, '203.0.113.99')).statusCode).toBe(200);
  });

  it('makes the pair wait longer after each further failure, up to the longest wait', async () => {
    const member = await t.createCustomer();
    const ip = '203.0.113.20';
    for (let i = 0; i < 3; i += 1) expect((await login(member.email, 'wrong-password', ip)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await login(member.email, 'wrong-password', ip);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // A refused try during the wait neither counts nor lengthens it.
      expect(Number((await login(member.email, 'wrong-password', ip)).headers['retry-after'])).toBeLessThanOrEqual(wait);
      advance(wait * 1000 + 1_000);
      expect((await login(member.email, 'wrong-password', ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 240]);
  });

  it('stops an address after its failures, whatever the account', async () => {
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

  it('a right password clears the pair and costs the address nothing', async () => {
    const member = await t.createCustomer();
    const ip = '192.0.2.100';
    for (let i = 0; i < 2; i += 1) expect((await login(member.email, 'wrong-password', ip)).statusCode).toBe(401);
    // Successes from one address (an office) never use up its budget of 5.
    for (let i = 0; i < 6; i += 1) expect((await login(member.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await login(member.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(member.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('e-mails the owner once when failures pile up from any addresses, without a link token, and never locks', async () => {
    const member = await t.createCustomer();
    for (let i = 0; i < 7; i += 1) expect((await login(member.email, 'wrong-password', `192.0.2.${200 + i}`)).statusCode).toBe(401);
    expect(await alerts(member.email)).toHaveLength(1);
    // As the owner reads it: a way in, and no link token at all.
    const sent = await t.deliveredMail({ to: member.email, kind: 'sign-in-attempts' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Someone tried to sign in to your Acme Vineyards account');
    expect(sent[0]!.text).toContain('Your account is not locked');
    expect(sent[0]!.links.map((link) => new URL(link).pathname)).toEqual(['/login', '/forgot-password']);
    expect(sent[0]!.text).not.toMatch(/login-by-link|reset-password\/|account-link/);
    expect((await login(member.email, TEST_PASSWORD, '192.0.2.250')).statusCode).toBe(200);
    // Nobody to alert for an address that is not a member's.
    for (let i = 0; i < 5; i += 1) await login('nobody@example.com', 'wrong-password', `192.0.2.${210 + i}`);
    expect(await alerts('nobody@example.com')).toHaveLength(0);
  });
});
