import { decodeProtectedHeader, decodeJwt } from 'jose';
import { SESSION_TTL_MS } from '@winery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiredToken, hs256WithPublicKey, tamperedClaims, tamperedSignature, unsignedToken } from '../../testing/forged-tokens.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { TOKEN_AUDIENCES, TOKEN_ISSUER } from './audiences.js';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['createCustomer']>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.createCustomer({ email: 'Eleanor.Whitcombe@Example.com' });
});
afterAll(async () => t?.close());

const login = (payload: unknown, options: { tenant?: string; query?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/customer/login${options.query ?? ''}`,
    headers: { tenant: options.tenant ?? TEST_TENANT },
    remoteAddress: options.ip ?? '192.0.2.10',
    payload: payload as Record<string, unknown>,
  });

const getCustomer = (token: string | undefined, tenant: string = TEST_TENANT) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/customer/${member.id}`,
    headers: { tenant, ...(token === undefined ? {} : { authorization: token }) },
  });

describe('POST /v1/customer/login', () => {
  it('answers a three-part EdDSA token naming the member, valid for 90 days', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await login({ email: 'eleanor.whitcombe@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(Object.keys(response.json())).toEqual(['token']);
    expect(token.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(member.id);
    expect(claims.email).toBe('eleanor.whitcombe@example.com');
    expect(claims.tenant).toBe(TEST_TENANT);
    expect(claims.aud).toBe(TOKEN_AUDIENCES.member);
    expect(claims.iss).toBe(TOKEN_ISSUER);
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(SESSION_TTL_MS / 1000);
    expect(Math.abs(claims.iat! - before)).toBeLessThan(5);
  });

  it('matches the e-mail case-insensitively and after trimming', async () => {
    const response = await login({ email: '  ELEANOR.WHITCOMBE@example.COM ', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('records the sign-in time and address, keeping the last 10', async () => {
    for (let i = 0; i < 11; i += 1) {
      expect((await login({ email: member.email, password: TEST_PASSWORD }, { ip: `198.51.100.${i}` })).statusCode).toBe(200);
    }
    const row = await t.db.query.customers.findFirst({ where: (c, { eq }) => eq(c.id, member.id) });
    expect(row!.loginActivity).toHaveLength(10);
    expect(row!.loginActivity[0]).toMatchObject({ ip: '198.51.100.10' });
    expect(row!.lastActivityDate!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives identical 401 answers for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login({ email: member.email, password: 'not-the-password' }, { ip: '192.0.2.20' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: TEST_PASSWORD }, { ip: '192.0.2.21' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      statusCode: 401,
      type: 'unauthorized',
      message: 'Your email address or password is invalid',
    });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('names both missing fields with the validation messages', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, type: 'validationError', message: 'Please check the highlighted fields' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter your email address', code: 'emailRequired' },
        { field: 'password', message: 'Please enter your password', code: 'passwordRequired' },
      ]),
    );
  });

  it('refuses an invalid e-mail address', async () => {
    const response = await login({ email: 'member@', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'email', message: 'Please enter a valid email address', code: 'emailInvalid' },
    ]);
  });

  it('answers malformed JSON with a 400 validationError', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      headers: { tenant: TEST_TENANT, 'content-type': 'application/json' },
      payload: '{"email": "x@example.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, type: 'validationError' });
    expect(response.body).not.toMatch(/SyntaxError|at JSON|node_modules/);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      headers: { tenant: TEST_TENANT, 'content-type': 'text/plain' },
      payload: 'email=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, type: 'validationError' });
  });

  it('accepts the skipErrorReporting flag', async () => {
    const ok = await login({ email: member.email, password: TEST_PASSWORD }, { query: '?skipErrorReporting=true' });
    expect(ok.statusCode).toBe(200);
    const failed = await login({ email: member.email, password: 'wrong-one' }, { query: '?skipErrorReporting=true', ip: '192.0.2.30' });
    expect(failed.statusCode).toBe(401);
  });

  it('answers 400 with a tenant field error when the tenant header is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'validationError',
      errors: [{ field: 'tenant', message: 'A tenant header is required', code: 'tenantRequired' }],
    });
  });

  it('answers 404 Unknown tenant for a tenant that does not exist', async () => {
    const response = await login({ email: member.email, password: TEST_PASSWORD }, { tenant: 'no-such-winery' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'Unknown tenant' });
  });

  it('keeps tenants apart: a member of one cannot sign in at another', async () => {
    const other = await t.createTenant();
    const response = await login({ email: member.email, password: TEST_PASSWORD }, { tenant: other, ip: '192.0.2.40' });
    expect(response.statusCode).toBe(401);
  });
});

describe('member tokens', () => {
  it('opens member routes with the raw token', async () => {
    const token = await t.signIn(member.email);
    expect((await getCustomer(token)).statusCode).toBe(200);
  });

  it('answers 401 without an Authorization header', async () => {
    const response = await getCustomer(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, type: 'unauthorized' });
  });

  it('refuses anything that is not a three-part token, including a Bearer prefix', async () => {
    const token = await t.signIn(member.email);
    for (const value of ['garbage', 'a.b', 'a.b.c.d', `Bearer ${token}`]) {
      expect((await getCustomer(value)).statusCode).toBe(401);
    }
  });

  it('refuses a tampered token', async () => {
    const token = await t.signIn(member.email);
    expect((await getCustomer(tamperedClaims(token, { email: 'someone-else@example.com' }))).statusCode).toBe(401);
    expect((await getCustomer(tamperedSignature(token))).statusCode).toBe(401);
  });

  it('refuses an expired token signed with the real key', async () => {
    const token = await t.signIn(member.email);
    const expired = await expiredToken(token, t.signingKeys);
    expect(decodeJwt(expired)).toMatchObject({ sub: member.id, jti: decodeJwt(token).jti, aud: TOKEN_AUDIENCES.member, iss: TOKEN_ISSUER });
    expect((await getCustomer(expired)).statusCode).toBe(401);
  });

  it('refuses an unsigned alg:none token', async () => {
    const response = await getCustomer(unsignedToken(await t.signIn(member.email)));
    expect(response.statusCode).toBe(401);
    expect(response.json().type).toBe('unauthorized');
  });

  it('refuses an HS256 token, even one keyed with the public key', async () => {
    const hs = await hs256WithPublicKey(await t.signIn(member.email), t.signingKeys);
    expect((await getCustomer(hs)).statusCode).toBe(401);
  });

  it('refuses a token from another tenant', async () => {
    const other = await t.createTenant();
    const otherMember = await t.createCustomer({ tenantId: other, email: member.email });
    const token = await t.signIn(otherMember.email, TEST_PASSWORD, other);
    // Its own tenant accepts it…
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/customer/${otherMember.id}`,
      headers: { tenant: other, authorization: token },
    });
    expect(own.statusCode).toBe(200);
    // …the other does not.
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/customer/${otherMember.id}`,
      headers: { tenant: TEST_TENANT, authorization: token },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/customer/logout', () => {
  it('ends the session: the same token then gets 401', async () => {
    const token = await t.signIn(member.email);
    expect((await getCustomer(token)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/customer/logout',
      headers: { tenant: TEST_TENANT, authorization: token, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await getCustomer(token)).statusCode).toBe(401);
  });

  it('leaves the member signed in elsewhere', async () => {
    const phone = await t.signIn(member.email);
    const laptop = await t.signIn(member.email);
    await t.app.inject({ method: 'POST', url: '/v1/customer/logout', headers: { tenant: TEST_TENANT, authorization: laptop } });
    expect((await getCustomer(phone)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/customer/logout', headers: { tenant: TEST_TENANT } });
    expect(response.statusCode).toBe(401);
  });
});
