import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, tenant = TEST_TENANT, auth = token) =>
  t.app.inject({ method, url, headers: { tenant, authorization: auth }, ...(payload ? { payload } : {}) });

describe('/v1/staff/wines', () => {
  it('adds a wine, defaulting to a 750 ml bottle, and lists it', async () => {
    const created = await call('POST', '/v1/staff/wines', { name: '  Melbury ', vintage: 2022, description: 'Benchland Cabernet.' });
    expect(created.statusCode).toBe(201);
    const wine = created.json();
    expect(wine).toMatchObject({ name: 'Melbury', vintage: 2022, sizeMl: 750, description: 'Benchland Cabernet.' });
    const magnum = await call('POST', '/v1/staff/wines', { name: 'Melbury', vintage: 2022, sizeMl: 1500 });
    expect(magnum.statusCode).toBe(201);

    const list = await call('GET', '/v1/staff/wines');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((w: { name: string; sizeMl: number }) => `${w.name} ${w.sizeMl}`)).toEqual(['Melbury 750', 'Melbury 1500']);
  });

  it('refuses the same name, vintage and size twice with 409', async () => {
    await call('POST', '/v1/staff/wines', { name: 'Quella', vintage: 2021 });
    const again = await call('POST', '/v1/staff/wines', { name: 'Quella', vintage: 2021 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      type: 'conflict',
      message: 'This wine is already in the catalogue (same name, vintage and size)',
    });
  });

  it('names the fields it cannot take', async () => {
    const response = await call('POST', '/v1/staff/wines', { name: '', vintage: 1850, sizeMl: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'name', code: 'required', message: 'Please fill in this field' },
      { field: 'vintage', code: 'invalidType', message: 'Invalid type' },
      { field: 'sizeMl', code: 'invalidType', message: 'Invalid type' },
    ]);
  });

  it("shows only the tenant's own wines", async () => {
    const other = await t.createTenant();
    await t.createWine({ tenantId: other, name: 'Somebody Else’s Cabernet' });
    const names = (await call('GET', '/v1/staff/wines')).json().map((w: { name: string }) => w.name);
    expect(names).not.toContain('Somebody Else’s Cabernet');
  });
});

describe('GET /v1/staff/locations', () => {
  it("lists the tenant's locations in their order, with what each is for", async () => {
    const room = await t.createLocation({ name: 'Tasting Room', sortOrder: 1, shipsFrom: false, hours: 'Thu–Sun 11–6' });
    const cellar = await t.createLocation({ name: 'Cellar Door', sortOrder: 0 });
    await t.createLocation({ tenantId: await t.createTenant(), name: 'Not ours' });
    const response = await call('GET', '/v1/staff/locations');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: cellar.id,
        name: 'Cellar Door',
        address: '1 Estate Road, Oakville, CA 94562',
        hours: 'Daily 10–4',
        countryCode: 'US',
        stateCode: 'CA',
        shipsFrom: true,
        pickup: true,
      },
      expect.objectContaining({ id: room.id, name: 'Tasting Room', shipsFrom: false, hours: 'Thu–Sun 11–6' }),
    ]);
  });

  it('answers 401 to a member token', async () => {
    const member = await t.createCustomer();
    const response = await call('GET', '/v1/staff/locations', undefined, TEST_TENANT, await t.signIn(member.email));
    expect(response.statusCode).toBe(401);
  });
});
