import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffRole } from '@winery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers, wines } from '../db/schema/index.js';
import { TenantHeadersSchema } from '../shared/http-schemas.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';

/*
 * Routes written the way a careless author would: no preHandler, no security, no 403 documented.
 * They are registered after the app is built, like any module added tomorrow, and must still
 * check the tenant, the staff token and the role.
 */
const futureStaffRoutes: FastifyPluginAsyncZod = async (v1) => {
  const body = z.object({ note: z.string().min(1) });
  v1.get('/staff/future-report', { schema: { tags: ['staff'], headers: TenantHeadersSchema } }, async (request) => ({
    role: request.staff.role,
  }));
  v1.post('/staff/future-action', { schema: { tags: ['staff'], headers: TenantHeadersSchema, body } }, async (request) => ({
    note: request.body.note,
  }));
  v1.delete('/staff/future-accounts', { schema: { tags: ['staff'], headers: TenantHeadersSchema }, config: { staffRole: 'admin' } }, async () => ({
    removed: true,
  }));
  // No header schema at all: the check must still run, after validation.
  v1.post('/staff/future-bare', async (request) => ({ staff: request.staff.email }));
};

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: async (app) => {
      await app.register(futureStaffRoutes, { prefix: '/v1' });
    },
  });
  for (const role of ['admin', 'manager', 'viewer'] as const) {
    const user = await t.createStaffUser({ role });
    tokens[role] = await t.signInStaff(user.email);
  }
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, tenant: string | null = TEST_TENANT) =>
  t.app.inject({
    method,
    url,
    headers: { ...(tenant === null ? {} : { tenant }), ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const VIEWER_REFUSED = {
  statusCode: 403,
  type: 'forbidden',
  message: 'Your staff role can view but not change anything. Please ask an administrator.',
};
const ADMIN_ONLY = { statusCode: 403, type: 'forbidden', message: 'Only an administrator can do this.' };

describe('a staff route added without any auth wiring', () => {
  it('answers 401 without a token, with a member token, and for HEAD too', async () => {
    const member = await t.createCustomer();
    const memberToken = await t.signIn(member.email);
    for (const token of [undefined, memberToken]) {
      const response = await call('GET', '/v1/staff/future-report', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, type: 'unauthorized' });
    }
    expect((await call('HEAD', '/v1/staff/future-report')).statusCode).toBe(401);
    expect((await call('HEAD', '/v1/staff/future-report', tokens.viewer)).statusCode).toBe(200);
    expect((await call('POST', '/v1/staff/future-bare')).statusCode).toBe(401);
  });

  it('lets every role read, and only managers and admins write', async () => {
    for (const role of ['admin', 'manager', 'viewer'] as const) {
      const read = await call('GET', '/v1/staff/future-report', tokens[role]);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ role });
    }
    for (const role of ['admin', 'manager'] as const) {
      const write = await call('POST', '/v1/staff/future-action', tokens[role], { note: 'ok' });
      expect(write.statusCode).toBe(200);
      expect(write.json()).toEqual({ note: 'ok' });
    }
    const refused = await call('POST', '/v1/staff/future-action', tokens.viewer, { note: 'ok' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(VIEWER_REFUSED);
    expect((await call('POST', '/v1/staff/future-bare', tokens.viewer)).json()).toEqual(VIEWER_REFUSED);
    expect((await call('POST', '/v1/staff/future-bare', tokens.manager)).statusCode).toBe(200);
  });

  it('keeps a route that declares staffRole admin to admins', async () => {
    expect((await call('DELETE', '/v1/staff/future-accounts', tokens.admin)).json()).toEqual({ removed: true });
    for (const role of ['manager', 'viewer'] as const) {
      const response = await call('DELETE', '/v1/staff/future-accounts', tokens[role]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(ADMIN_ONLY);
    }
  });

  it('checks before validation: an invalid body from a stranger is 401, from a viewer 403, from a manager 400', async () => {
    expect((await call('POST', '/v1/staff/future-action', undefined, { note: '' })).statusCode).toBe(401);
    expect((await call('POST', '/v1/staff/future-action', tokens.viewer, { note: '' })).json()).toEqual(VIEWER_REFUSED);
    const invalid = await call('POST', '/v1/staff/future-action', tokens.manager, { note: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ type: 'validationError', errors: [{ field: 'note' }] });
  });

  it('still names a missing tenant header as a field error, and refuses it where no schema asks for it', async () => {
    const missing = await call('GET', '/v1/staff/future-report', tokens.admin, undefined, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: 'tenant', code: 'tenantRequired' }] });
    const bare = await call('POST', '/v1/staff/future-bare', tokens.admin, undefined, null);
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'Unknown tenant' });
  });

  it('documents the staff token, 401 and 403 and the role in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const action = document.paths['/v1/staff/future-action'].post;
    expect(action.security).toEqual([{ staffToken: [] }]);
    expect(Object.keys(action.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(action.description).toContain('Needs the manager or admin staff role');
    expect(document.paths['/v1/staff/future-accounts'].delete.description).toContain('Needs the admin staff role');
    expect(document.paths['/v1/staff/future-report'].get.description).toContain('Open to every staff role');
  });
});

describe('the staff API itself', () => {
  it('refuses a viewer every write, and writes nothing', async () => {
    const response = await call('POST', '/v1/staff/wines', tokens.viewer, { name: 'Viewer Cuvée', vintage: 2022 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(VIEWER_REFUSED);
    expect(await t.db.select().from(wines).where(eq(wines.name, 'Viewer Cuvée'))).toEqual([]);
    const manager = await call('POST', '/v1/staff/wines', tokens.manager, { name: 'Manager Cuvée', vintage: 2022 });
    expect(manager.statusCode).toBe(201);
  });

  it('applies a role change at the next request, with the same token', async () => {
    const user = await t.createStaffUser({ role: 'manager' });
    const token = await t.signInStaff(user.email);
    const write = () => call('PUT', '/v1/staff/rates', token, {});
    expect((await write()).statusCode).toBe(400);
    await t.db.update(staffUsers).set({ role: 'viewer' }).where(eq(staffUsers.id, user.id));
    expect((await write()).json()).toEqual(VIEWER_REFUSED);
    expect((await call('GET', '/v1/staff/me', token)).json()).toMatchObject({ role: 'viewer' });
    await t.db.update(staffUsers).set({ role: 'manager' }).where(eq(staffUsers.id, user.id));
    expect((await write()).statusCode).toBe(400);
  });

  it('answers each role at /v1/staff/me and lets every role sign out', async () => {
    for (const role of ['viewer', 'manager', 'admin'] as const) {
      const user = await t.createStaffUser({ role });
      const token = await t.signInStaff(user.email);
      expect((await call('GET', '/v1/staff/me', token)).json()).toMatchObject({ id: user.id, role });
      expect((await call('POST', '/v1/staff/logout', token)).statusCode).toBe(204);
      expect((await call('GET', '/v1/staff/me', token)).statusCode).toBe(401);
    }
  });

  it('still lets anyone reach the sign-in', async () => {
    const response = await call('POST', '/v1/staff/login', undefined, { email: 'nobody@example.com', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your email address or password is invalid');
  });
});
