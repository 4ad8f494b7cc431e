import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { STAFF_SESSION_TTL_MS } from '@winery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, staffSessions } from '../../db/schema/index.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { TOKEN_AUDIENCES } from '../auth/audiences.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    loginLimits: { perPair: { free: 3 }, perIp: { max: 5, windowMs: 60_000 } },
  });
});
afterAll(async () => t?.close());

const login = (payload: Record<string, unknown>, ip = '192.0.2.10', tenant = TEST_TENANT) =>
  t.app.inject({ method: 'POST', url: '/v1/staff/login', headers: { tenant }, remoteAddress: ip, payload });

const me = (token: string | undefined, tenant = TEST_TENANT) =>
  t.app.inject({ method: 'GET', url: '/v1/staff/me', headers: { tenant, ...(token === undefined ? {} : { authorization: token }) } });

const INVALID = { statusCode: 401, type: 'unauthorized', message: 'Your email address or password is invalid' };
const RATE_LIMITED = {
  statusCode: 429,
  type: 'rateLimited',
  message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
};

describe('POST /v1/staff/login', () => {
  it('answers a staff token: EdDSA, audience winery-staff, naming the staff user, valid for 12 hours', async () => {
    const staff = await t.createStaffUser({ email: 'Naomi@Example.com', name: 'Naomi Whitcombe' });
    const response = await login({ email: 'naomi@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: staff.id, aud: TOKEN_AUDIENCES.staff, email: 'naomi@example.com', tenant: TEST_TENANT });
    expect(claims.exp! - claims.iat!).toBe(STAFF_SESSION_TTL_MS / 1000);
    expect(STAFF_SESSION_TTL_MS).toBe(12 * 60 * 60 * 1000);
    const [session] = await t.db.select().from(staffSessions).where(eq(staffSessions.id, claims.jti!));
    expect(session).toMatchObject({ staffUserId: staff.id, revokedAt: null });

    const whoAmI = await me(token);
    expect(whoAmI.statusCode).toBe(200);
    expect(whoAmI.json()).toEqual({ id: staff.id, email: 'naomi@example.com', name: 'Naomi Whitcombe', role: 'admin' });
  });

  it('gives identical 401 answers for a wrong password and an unknown e-mail', async () => {
    const staff = await t.createStaffUser();
    const wrong = await login({ email: staff.email, password: 'not-the-password' }, '192.0.2.20');
    const unknown = await login({ email: 'nobody@example.com', password: TEST_PASSWORD }, '192.0.2.21');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID);
    expect(unknown.body).toBe(wrong.body);
  });

  it('does not let a member sign in as staff with their member password', async () => {
    const member = await t.createCustomer();
    expect((await login({ email: member.email, password: TEST_PASSWORD }, '192.0.2.22')).json()).toEqual(INVALID);
  });

  it('names missing fields with the validation messages', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter your email address', code: 'emailRequired' },
        { field: 'password', message: 'Please enter your password', code: 'passwordRequired' },
      ]),
    );
  });

  it('slows an account on the guessing address only: the admin still signs in from elsewhere (ADR 012)', async () => {
    const staff = await t.createStaffUser({ role: 'admin' });
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ email: staff.email, password: 'guess' }, '203.0.113.1')).statusCode).toBe(401);
    }
    const slowed = await login({ email: staff.email, password: TEST_PASSWORD }, '203.0.113.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual(RATE_LIMITED);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // Failures from many addresses lock nothing either.
    for (let i = 2; i < 12; i += 1) {
      expect((await login({ email: staff.email, password: 'guess' }, `203.0.113.${i}`)).statusCode).toBe(401);
    }
    expect((await login({ email: staff.email, password: TEST_PASSWORD }, '203.0.113.99')).statusCode).toBe(200);
  });

  it("counts failures per address together with members' sign-ins", async () => {
    const ip = '198.18.0.7';
    for (let i = 0; i < 5; i += 1) {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/v1/customer/login',
        headers: { tenant: TEST_TENANT },
        remoteAddress: ip,
        payload: { email: `stranger-${i}@example.com`, password: 'whatever' },
      });
      expect(failed.statusCode).toBe(401);
    }
    const staff = await t.createStaffUser();
    const blocked = await login({ email: staff.email, password: TEST_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect((await login({ email: staff.email, password: TEST_PASSWORD }, '198.18.0.8')).statusCode).toBe(200);
  });

  it('keeps tenants apart: staff of one cannot sign in at another', async () => {
    const staff = await t.createStaffUser();
    const other = await t.createTenant();
    expect((await login({ email: staff.email, password: TEST_PASSWORD }, '192.0.2.40', other)).statusCode).toBe(401);
  });
});

describe('staff tokens and member tokens', () => {
  // The sessions tables are set up so that only the token's audience can tell the two apart.
  it('refuses a member token on staff routes, even with a staff session of the same id', async () => {
    const member = await t.createCustomer();
    const staff = await t.createStaffUser({ id: member.id, email: member.email });
    const memberToken = await t.signIn(member.email);
    const claims = decodeJwt(memberToken);
    expect(claims.aud).toBe(TOKEN_AUDIENCES.member);
    await t.db.insert(staffSessions).values({
      id: claims.jti!,
      tenantId: TEST_TENANT,
      staffUserId: staff.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const response = await me(memberToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, type: 'unauthorized' });
    const wines = await t.app.inject({ method: 'GET', url: '/v1/staff/wines', headers: { tenant: TEST_TENANT, authorization: memberToken } });
    expect(wines.statusCode).toBe(401);
  });

  it('refuses a staff token on member routes, even with a member session of the same id', async () => {
    const staff = await t.createStaffUser();
    const member = await t.createCustomer({ id: staff.id, email: staff.email });
    const staffToken = await t.signInStaff(staff.email);
    await t.db.insert(sessions).values({
      id: decodeJwt(staffToken).jti!,
      tenantId: TEST_TENANT,
      customerId: member.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    for (const url of [`/v1/customer/${member.id}`, `/v1/${TEST_TENANT}/customer/${member.id}/allocation`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { tenant: TEST_TENANT, authorization: staffToken } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 401 without a token, and for a staff token of another tenant', async () => {
    expect((await me(undefined)).statusCode).toBe(401);
    const other = await t.createTenant();
    const theirs = await t.createStaffUser({ tenantId: other });
    const token = await t.signInStaff(theirs.email, TEST_PASSWORD, other);
    expect((await me(token, other)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a staff token whose session has expired', async () => {
    const staff = await t.createStaffUser();
    const token = await t.signInStaff(staff.email);
    await t.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.id, decodeJwt(token).jti!));
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /v1/staff/logout', () => {
  it('ends the session: the same token then gets 401, other sessions go on', async () => {
    const staff = await t.createStaffUser();
    const desk = await t.signInStaff(staff.email);
    const laptop = await t.signInStaff(staff.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/logout',
      headers: { tenant: TEST_TENANT, authorization: desk, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect((await me(desk)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });
});
