import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { orderAllocations } from './allocations.service.js';
import { ALLOCATION_GRACE_MS, DAY_MS } from '@winery/domain';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

async function memberWithToken() {
  const customer = await t.createCustomer();
  return { customer, token: await t.signIn(customer.email) };
}

const listUrl = (customerId: string, tenant = TEST_TENANT) => `/v1/${tenant}/customer/${customerId}/allocation`;
const headers = (token: string, tenant = TEST_TENANT) => ({ tenant, authorization: token });

describe('GET /v1/{tenant}/customer/{customerId}/allocation', () => {
  it('lists begun offerings latest first, then upcoming ones soonest first, then the ones past their grace window; the first is the current one', async () => {
    const { customer, token } = await memberWithToken();
    const past = await t.createOffering({ name: 'Library Release', startDate: daysFromNow(-70), endDate: daysFromNow(-40) });
    const closed = await t.createOffering({ name: 'Summer Release', startDate: daysFromNow(-35), endDate: daysFromNow(-10) });
    const current = await t.createOffering({ name: 'Spring Release', startDate: daysFromNow(-5), endDate: daysFromNow(25) });
    const later = await t.createOffering({ name: 'Winter Release', startDate: daysFromNow(90), endDate: daysFromNow(120) });
    const soon = await t.createOffering({ name: 'Autumn Release', startDate: daysFromNow(30), endDate: daysFromNow(60) });
    const ids: Record<string, string> = {};
    for (const offering of [later, past, soon, closed, current]) {
      ids[offering.name] = (await t.createAllocation({ offeringId: offering.id, customerId: customer.id })).id;
    }

    const response = await t.app.inject({ method: 'GET', url: listUrl(customer.id), headers: headers(token) });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ id: string; name: string; startDate: string; endDate: string }>;
    expect(list.map((a) => a.name)).toEqual(['Spring Release', 'Summer Release', 'Autumn Release', 'Winter Release', 'Library Release']);
    expect(list[0]).toEqual({
      id: ids['Spring Release'],
      name: 'Spring Release',
      startDate: current.startDate.toISOString(),
      endDate: current.endDate.toISOString(),
    });
  });

  it('puts a release still to come before one whose grace window has passed: a member of a later tier reads when their offering opens', async () => {
    const { customer, token } = await memberWithToken();
    const last = await t.createOffering({ name: 'Autumn Release', startDate: daysFromNow(-200), endDate: daysFromNow(-170) });
    const next = await t.createOffering({ name: 'Spring Release', startDate: daysFromNow(1), endDate: daysFromNow(30) });
    await t.createAllocation({ offeringId: last.id, customerId: customer.id });
    const upcoming = await t.createAllocation({ offeringId: next.id, customerId: customer.id });

    const list = (await t.app.inject({ method: 'GET', url: listUrl(customer.id), headers: headers(token) })).json() as Array<{ id: string; name: string }>;
    expect(list.map((a) => a.name)).toEqual(['Spring Release', 'Autumn Release']);
    const detail = await t.app.inject({ method: 'GET', url: `${listUrl(customer.id)}/${list[0]!.id}`, headers: headers(token) });
    expect(detail.json()).toMatchObject({ id: upcoming.id, startDate: next.startDate.toISOString() });
  });

  it("shows only the member's own allocations", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const offering = await t.createOffering();
    await t.createAllocation({ offeringId: offering.id, customerId: other.id });
    const response = await t.app.inject({ method: 'GET', url: listUrl(customer.id), headers: headers(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("answers 403 for another member's list", async () => {
    const { token } = await memberWithToken();
    const other = await t.createCustomer();
    const response = await t.app.inject({ method: 'GET', url: listUrl(other.id), headers: headers(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json().type).toBe('forbidden');
  });

  it('answers 403 when the tenant in the path differs from the header', async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createTenant();
    const response = await t.app.inject({ method: 'GET', url: listUrl(customer.id, other), headers: headers(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
  });

  it('answers 401 without a token and 404 for an unknown tenant', async () => {
    const { customer, token } = await memberWithToken();
    const noToken = await t.app.inject({ method: 'GET', url: listUrl(customer.id), headers: { tenant: TEST_TENANT } });
    expect(noToken.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: listUrl(customer.id, 'nowhere'), headers: headers(token, 'nowhere') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unknown tenant');
  });
});

describe('GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}', () => {
  it('answers the window, the pending orders only, and the offering metaData merged with the allocation', async () => {
    const { customer, token } = await memberWithToken();
    const offering = await t.createOffering({
      metaData: { 'show-vintage-notes': true, 'campaign-type': 'event-offering', letterTitle: 'Dear friends' },
    });
    const allocation = await t.createAllocation({
      offeringId: offering.id,
      customerId: customer.id,
      metaData: { 'show-vintage-notes': false, 'skip-letter': true },
    });
    const pending = await t.createOrder({
      customerId: customer.id,
      allocationId: allocation.id,
      number: 'AE-20001',
      totalCents: 64_800,
      placedAt: daysFromNow(-1),
    });
    await t.createOrder({ customerId: customer.id, allocationId: allocation.id, status: 'cancelled' });
    await t.createOrder({ customerId: customer.id, allocationId: allocation.id, status: 'fulfilled' });

    const response = await t.app.inject({
      method: 'GET',
      url: `${listUrl(customer.id)}/${allocation.id}`,
      headers: headers(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: allocation.id,
      startDate: offering.startDate.toISOString(),
      endDate: offering.endDate.toISOString(),
      pendingOrders: [
        { id: pending.id, number: 'AE-20001', status: 'pending', totalCents: 64_800, placedAt: pending.placedAt.toISOString() },
      ],
      metaData: {
        'show-vintage-notes': false,
        'campaign-type': 'event-offering',
        'skip-letter': true,
        letterTitle: 'Dear friends',
      },
      release: { waitingRoom: false, holdMinutes: null },
    });
  });

  it('answers an empty pendingOrders list when the member has not ordered', async () => {
    const { customer, token } = await memberWithToken();
    const offering = await t.createOffering();
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    const response = await t.app.inject({ method: 'GET', url: `${listUrl(customer.id)}/${allocation.id}`, headers: headers(token) });
    expect(response.json()).toMatchObject({ pendingOrders: [], metaData: {} });
  });

  it("answers 404 'This allocation does not exist' for someone else's allocation or an unknown id", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const offering = await t.createOffering();
    const theirs = await t.createAllocation({ offeringId: offering.id, customerId: other.id });
    for (const id of [theirs.id, t.newId()]) {
      const response = await t.app.inject({ method: 'GET', url: `${listUrl(customer.id)}/${id}`, headers: headers(token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This allocation does not exist' });
    }
  });

  it("answers 403 when asking through another member's id", async () => {
    const { token } = await memberWithToken();
    const other = await t.createCustomer();
    const offering = await t.createOffering();
    const theirs = await t.createAllocation({ offeringId: offering.id, customerId: other.id });
    const response = await t.app.inject({ method: 'GET', url: `${listUrl(other.id)}/${theirs.id}`, headers: headers(token) });
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 for an allocation id that is not a UUID', async () => {
    const { customer, token } = await memberWithToken();
    const response = await t.app.inject({ method: 'GET', url: `${listUrl(customer.id)}/latest`, headers: headers(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'allocationId', code: 'invalidId', message: 'This is not a valid identifier' },
    ]);
  });
});

describe('orderAllocations', () => {
  const now = new Date('2027-03-10T12:00:00Z');
  const at = (iso: string, endIso = '2027-12-31T00:00:00Z') => ({ startDate: new Date(iso), endDate: new Date(endIso) });

  it('counts an offering starting exactly now as started', () => {
    const items = [at('2027-03-11T00:00:00Z'), at('2027-03-10T12:00:00Z'), at('2027-01-01T00:00:00Z')];
    expect(orderAllocations(items, now).map((i) => i.startDate.toISOString())).toEqual([
      '2027-03-10T12:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2027-03-11T00:00:00.000Z',
    ]);
  });

  it('counts a window that closed before its opening from its close: the current, expired allocation, not one to come', () => {
    // A later tier's opening on the 12th; the offering closed early at 11:00 today.
    const shut = at('2027-03-12T00:00:00Z', '2027-03-10T11:00:00Z');
    const earlier = at('2027-01-01T00:00:00Z', '2027-01-15T00:00:00Z');
    expect(orderAllocations([earlier, shut], now)).toEqual([shut, earlier]);
    // Its close still to come (the end moved before the opening): neither begun nor current.
    const moved = at('2027-03-12T00:00:00Z', '2027-03-10T12:00:01Z');
    const recent = at('2027-02-20T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(orderAllocations([moved, recent], now)).toEqual([recent, moved]);
    expect(orderAllocations([moved, recent], new Date('2027-03-10T12:00:01Z'))).toEqual([moved, recent]);
  });

  it('keeps a closed offering ahead of one to come for exactly its grace window, not a millisecond longer', () => {
    const closed = at('2027-01-01T00:00:00Z', '2027-02-08T12:00:00Z');
    const next = at('2027-04-01T00:00:00Z');
    const graceEnds = new Date(closed.endDate.getTime() + ALLOCATION_GRACE_MS);
    expect(graceEnds.toISOString()).toBe('2027-03-10T12:00:00.000Z');
    expect(orderAllocations([next, closed], graceEnds)).toEqual([closed, next]);
    expect(orderAllocations([next, closed], new Date(graceEnds.getTime() + 1))).toEqual([next, closed]);
    // Past their grace, the older releases keep their order after it: latest first.
    const older = at('2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z');
    expect(orderAllocations([older, next, closed], new Date(graceEnds.getTime() + 1))).toEqual([next, closed, older]);
  });
});
