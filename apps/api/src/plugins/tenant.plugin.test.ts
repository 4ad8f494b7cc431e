import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { TENANT_CACHE_MS } from './tenant.plugin.js';

/**
 * ADR 026: the producer a `tenant` header names is read once per TENANT_CACHE_MS per instance.
 * The app's clock is moved here instead of waiting.
 */

let t: TestApp;
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clock),
    beforeReady: (app) => {
      app.get('/v1/test/tenant', async (request) => {
        await app.requireTenant(request);
        return request.tenant;
      });
    },
  });
});
afterAll(async () => t?.close());

const read = (tenant: string) => t.app.inject({ method: 'GET', url: '/v1/test/tenant', headers: { tenant } });

describe('the tenant of a request', () => {
  it('a changed tenant is seen once the cache time has passed', async () => {
    const id = await t.createTenant(undefined, 'Old Cellars');
    expect((await read(id)).json()).toEqual({ id, name: 'Old Cellars' });
    await t.db.update(tenants).set({ name: 'New Cellars' }).where(eq(tenants.id, id));
    clock += TENANT_CACHE_MS - 1_000;
    expect((await read(id)).json()).toEqual({ id, name: 'Old Cellars' });
    clock += 1_000;
    expect((await read(id)).json()).toEqual({ id, name: 'New Cellars' });
  });

  it('an unknown tenant is looked up every time: created, it is found at once', async () => {
    const id = `t${Date.now().toString(36)}new`;
    const unknown = await read(id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
    await t.createTenant(id, 'Late Cellars');
    expect((await read(id)).json()).toEqual({ id, name: 'Late Cellars' });
  });

  it('a removed tenant is refused once the cache time has passed', async () => {
    const id = await t.createTenant(undefined, 'Closing Cellars');
    expect((await read(id)).statusCode).toBe(200);
    await t.db.delete(tenants).where(eq(tenants.id, id));
    clock += TENANT_CACHE_MS;
    expect((await read(id)).statusCode).toBe(404);
  });
});
