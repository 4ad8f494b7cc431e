import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, tenant = TEST_TENANT, auth = token) =>
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
    expect(list.json().items.map((w: { name: string; sizeMl: number }) => `${w.name} ${w.sizeMl}`)).toEqual(['Melbury 750', 'Melbury 1500']);
    expect(list.json().nextCursor).toBeNull();
    expect(wine).toMatchObject({ priceCents: null, tastingNotes: '', updatedAt: expect.any(String) });
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
    const names = (await call('GET', '/v1/staff/wines')).json().items.map((w: { name: string }) => w.name);
    expect(names).not.toContain('Somebody Else’s Cabernet');
  });
});

describe('/v1/staff/wines/{wineId}', () => {
  it('shows one wine, edits every field and records who changed what', async () => {
    const created = (await call('POST', '/v1/staff/wines', { name: 'Larkspur', vintage: 2020, priceCents: 9_500, tastingNotes: 'Cassis.' })).json();
    expect(created).toMatchObject({ priceCents: 9_500, tastingNotes: 'Cassis.' });
    const shown = await call('GET', `/v1/staff/wines/${created.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(created);

    const edited = await call('PUT', `/v1/staff/wines/${created.id}`, {
      name: 'Larkspur Reserve',
      vintage: 2021,
      sizeMl: 1500,
      priceCents: null,
      description: 'Hillside Cabernet.',
      tastingNotes: 'Cassis and graphite.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: created.id,
      name: 'Larkspur Reserve',
      vintage: 2021,
      sizeMl: 1500,
      priceCents: null,
      description: 'Hillside Cabernet.',
      tastingNotes: 'Cassis and graphite.',
      createdAt: created.createdAt,
    });
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect((await call('GET', `/v1/staff/wines/${created.id}`)).json().name).toBe('Larkspur Reserve');

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id)).orderBy(asc(auditLog.createdAt));
    expect(entries.map((entry) => entry.action)).toEqual(['wine.create', 'wine.update']);
    expect(entries[1]).toMatchObject({ entityType: 'wine', before: expect.objectContaining({ name: 'Larkspur' }), after: expect.objectContaining({ name: 'Larkspur Reserve' }) });
    expect(entries[1]!.staffUserId).not.toBeNull();
  });

  it("answers 404 for an unknown wine or another tenant's, 409 for another wine's name, vintage and size", async () => {
    const body = { name: 'Nobody', vintage: 2020 };
    expect((await call('GET', `/v1/staff/wines/${t.newId()}`)).statusCode).toBe(404);
    expect((await call('PUT', `/v1/staff/wines/${t.newId()}`, body)).statusCode).toBe(404);
    const theirs = await t.createWine({ tenantId: await t.createTenant(), name: 'Theirs' });
    expect((await call('GET', `/v1/staff/wines/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/v1/staff/wines/${theirs.id}`, body)).statusCode).toBe(404);
    await call('POST', '/v1/staff/wines', { name: 'Taken', vintage: 2019 });
    const mine = (await call('POST', '/v1/staff/wines', { name: 'Free', vintage: 2019 })).json();
    const clash = await call('PUT', `/v1/staff/wines/${mine.id}`, { name: 'Taken', vintage: 2019 });
    expect(clash.statusCode).toBe(409);
    expect((await call('GET', `/v1/staff/wines/${mine.id}`)).json().name).toBe('Free');
  });

  it('names the row of a bad price', async () => {
    const response = await call('POST', '/v1/staff/wines', { name: 'Cheap', vintage: 2020, priceCents: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'priceCents' })]);
  });
});

describe('GET /v1/staff/wines: pages and search', () => {
  it('pages through every wine once, in order, and finds by part of the name in any case', async () => {
    const tenant = await t.createTenant();
    const staff = await t.createStaffUser({ tenantId: tenant });
    const theirs = await t.signInStaff(staff.email, undefined, tenant);
    for (const name of ['Ridge 50%', 'Alder', 'Birch', 'Cedar Ridge', 'Dogwood']) await t.createWine({ tenantId: tenant, name });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url = `/v1/staff/wines?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call('GET', url, undefined, tenant, theirs)).json() as { items: Array<{ name: string }>; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((w) => w.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Alder', 'Birch', 'Cedar Ridge', 'Dogwood', 'Ridge 50%']);
    const found = (await call('GET', '/v1/staff/wines?q=RIDGE', undefined, tenant, theirs)).json();
    expect(found.items.map((w: { name: string }) => w.name)).toEqual(['Cedar Ridge', 'Ridge 50%']);
    const literal = (await call('GET', `/v1/staff/wines?q=${encodeURIComponent('50%')}`, undefined, tenant, theirs)).json();
    expect(literal.items.map((w: { name: string }) => w.name)).toEqual(['Ridge 50%']);
    const bad = await call('GET', '/v1/staff/wines?cursor=nonsense', undefined, tenant, theirs);
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /v1/staff/tenant', () => {
  it('answers the winery and its time zone', async () => {
    const response = await call('GET', '/v1/staff/tenant');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: TEST_TENANT, name: expect.any(String), timeZone: 'America/Los_Angeles' });
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
