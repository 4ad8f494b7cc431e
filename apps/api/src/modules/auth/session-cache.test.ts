import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, staffSessions } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { sessionCache, SESSION_CACHE_MS } from './session-cache.js';
import { createSessionStore } from './session-store.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createTokenService } from './token.service.js';

/**
 * ADR 026: a member's session found live is taken without reading it again for a few seconds. A
 * revocation made through the API (signing out, a password change, a deactivation) ends it at
 * once; one the cache cannot hear of (another instance without Redis, a hand-made UPDATE) within
 * the cache's bound. The stores here keep sessions for 300 ms instead of SESSION_CACHE_MS.
 */

let t: TestApp;
const BOUND_MS = 300;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const store = (audience: 'member', cacheMs = BOUND_MS) => createSessionStore({ db: t.db, keys: t.signingKeys, audience, now: () => new Date(), cacheMs });

async function memberSession() {
  const member = await t.createCustomer();
  const members = store('member');
  const token = await members.start({ tenantId: TEST_TENANT, subjectId: member.id, email: member.email, at: new Date() });
  return { member, members, token, sessionId: (await members.verify(TEST_TENANT, token)).sessionId };
}

const refused = (promise: Promise<unknown>) => expect(promise).rejects.toMatchObject({ type: 'unauthorized' });

describe("a member's session, cached", () => {
  it('stops within the bound when it is revoked where the cache cannot hear of it', async () => {
    const { members, token, sessionId } = await memberSession();
    // What another instance without Redis leaves: the row revoked, nothing said to this one.
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    const revokedAt = performance.now();
    // Read live a moment ago, so taken as live until the bound has passed...
    await expect(members.verify(TEST_TENANT, token)).resolves.toMatchObject({ sessionId });
    await sleep(BOUND_MS + 50 - (performance.now() - revokedAt));
    // ...and never after it.
    await refused(members.verify(TEST_TENANT, token));
  });

  it('stops at once when it is signed out, or when all of the member’s sessions are revoked', async () => {
    const first = await memberSession();
    await first.members.end(TEST_TENANT, first.sessionId);
    await refused(first.members.verify(TEST_TENANT, first.token));

    const second = await memberSession();
    const laptop = await second.members.start({ tenantId: TEST_TENANT, subjectId: second.member.id, email: second.member.email, at: new Date() });
    await second.members.verify(TEST_TENANT, laptop);
    // A password change keeps the session that made it and ends the others.
    await createSessionsRepository(t.db, 'member').revokeAllOf(TEST_TENANT, second.member.id, new Date(), second.sessionId);
    await refused(second.members.verify(TEST_TENANT, laptop));
    await expect(second.members.verify(TEST_TENANT, second.token)).resolves.toMatchObject({ sessionId: second.sessionId });
  });

  it('through the API: a deactivated member’s cached session is refused on the next request', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const me = () => t.app.inject({ method: 'GET', url: `/v1/customer/${member.id}`, headers: { tenant: TEST_TENANT, authorization: token } });
    expect((await me()).statusCode).toBe(200);
    const admin = await t.signInStaff((await t.createStaffUser({ role: 'admin' })).email);
    const deactivate = await t.app.inject({
      method: 'POST',
      url: `/v1/staff/members/${member.id}/deactivate`,
      headers: { tenant: TEST_TENANT, authorization: admin, 'content-type': 'application/json' },
    });
    expect(deactivate.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('is not cached again while a revocation may still be committing', () => {
    const sessionId = randomUUID();
    const subjectId = randomUUID();
    // The revocation runs in its caller's transaction; a read before its commit still finds the row live.
    sessionCache.revoke({ audience: 'member', subjectId });
    sessionCache.put('member', sessionId, { tenantId: TEST_TENANT, subjectId, expiresAt: new Date(Date.now() + 60_000), readAt: performance.now() });
    expect(sessionCache.get('member', sessionId, SESSION_CACHE_MS)).toBeUndefined();
  });

  it('is read again for another tenant, and once it has expired by the app’s clock', async () => {
    const { members, token, sessionId } = await memberSession();
    const other = await t.createTenant();
    await refused(members.verify(other, token));
    const later = createSessionStore({ db: t.db, keys: t.signingKeys, audience: 'member', now: () => new Date(Date.now() + 91 * 24 * 60 * 60 * 1000), cacheMs: BOUND_MS });
    expect(sessionCache.get('member', sessionId, BOUND_MS)).toBeDefined();
    await refused(later.verify(TEST_TENANT, token));
  });
});

describe('staff sessions', () => {
  it('are never cached: a revocation the cache cannot hear of stops them at once', async () => {
    const staff = await t.createStaffUser();
    // The staff store as the app builds it: no cache time of its own.
    const desks = createSessionStore({ db: t.db, keys: t.signingKeys, audience: 'staff', now: () => new Date() });
    const token = await desks.start({ tenantId: TEST_TENANT, subjectId: staff.id, email: staff.email, at: new Date() });
    const { sessionId } = await desks.verify(TEST_TENANT, token);
    await t.db.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, sessionId));
    await refused(desks.verify(TEST_TENANT, token));
  });
});

describe('verified tokens', () => {
  it('are remembered by their exact text only, and not past their expiry', async () => {
    const tokens = createTokenService(t.signingKeys, 'member');
    const at = new Date();
    const claims = { subjectId: randomUUID(), email: 'ada@example.com', tenant: TEST_TENANT, sessionId: randomUUID() };
    const token = await tokens.sign({ ...claims, issuedAt: at, expiresAt: new Date(at.getTime() + 1_500) });
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // One character of the signature changed is another text: verified afresh, and refused.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await tokens.verify(forged)).toBeNull();
    // Another audience's service knows nothing of it.
    expect(await createTokenService(t.signingKeys, 'staff').verify(token)).toBeNull();
    await sleep(2_100);
    expect(await tokens.verify(token)).toBeNull();
  });
});
