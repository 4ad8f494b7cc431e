import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { DAY_MS } from '@winery/domain';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const list = (customerId: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/${TEST_TENANT}/customer/${customerId}/order`,
    headers: { tenant: TEST_TENANT, authorization: token },
  });

describe('GET /v1/{tenant}/customer/{customerId}/order', () => {
  it("lists the member's orders newest first, each with its offering's name", async () => {
    const customer = await t.createCustomer();
    const token = await t.signIn(customer.email);
    const spring = await t.createOffering({ name: 'Spring Release' });
    const library = await t.createOffering({ name: 'Library Wines' });
    const inSpring = await t.createAllocation({ offeringId: spring.id, customerId: customer.id });
    const inLibrary = await t.createAllocation({ offeringId: library.id, customerId: customer.id });
    const old = await t.createOrder({ customerId: customer.id, allocationId: inLibrary.id, number: 'AE-1', status: 'fulfilled', totalCents: 31_500, placedAt: daysAgo(200) });
    const recent = await t.createOrder({ customerId: customer.id, allocationId: inSpring.id, number: 'AE-2', totalCents: 64_800, placedAt: daysAgo(2) });
    const orphan = await t.createOrder({ customerId: customer.id, allocationId: inSpring.id, number: 'AE-3', status: 'cancelled', placedAt: daysAgo(50) });
    // The allocation is gone (set null): the order stays, without an offering.
    const gone = await t.createAllocation({ offeringId: (await t.createOffering()).id, customerId: customer.id });
    const detached = await t.createOrder({ customerId: customer.id, allocationId: gone.id, number: 'AE-4', placedAt: daysAgo(100) });
    await t.db.delete(allocations).where(eq(allocations.id, gone.id));
    const other = await t.createCustomer();
    await t.createOrder({ customerId: other.id, allocationId: inSpring.id, number: 'AE-9' });

    const response = await list(customer.id, token);
    expect(response.statusCode).toBe(200);
    // Where each order is: these were written with the older status only, which the fulfilment follows.
    const at = (status: string, since: Date) => ({ status, carrier: null, trackingNumber: null, trackingUrl: null, pickupLocation: null, updatedAt: since.toISOString() });
    expect(response.json()).toEqual([
      { id: recent.id, number: 'AE-2', status: 'pending', totalCents: 64_800, placedAt: recent.placedAt.toISOString(), offeringName: 'Spring Release', addsTo: null, fulfilment: at('placed', recent.placedAt) },
      { id: orphan.id, number: 'AE-3', status: 'cancelled', totalCents: 12_000, placedAt: orphan.placedAt.toISOString(), offeringName: 'Spring Release', addsTo: null, fulfilment: at('cancelled', orphan.placedAt) },
      { id: detached.id, number: 'AE-4', status: 'pending', totalCents: 12_000, placedAt: detached.placedAt.toISOString(), offeringName: null, addsTo: null, fulfilment: at('placed', detached.placedAt) },
      { id: old.id, number: 'AE-1', status: 'fulfilled', totalCents: 31_500, placedAt: old.placedAt.toISOString(), offeringName: 'Library Wines', addsTo: null, fulfilment: at('shipped', old.placedAt) },
    ]);
  });

  it('answers an empty list before the first order', async () => {
    const customer = await t.createCustomer();
    const response = await list(customer.id, await t.signIn(customer.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("answers 403 for another member's orders and 401 without a token", async () => {
    const customer = await t.createCustomer();
    const other = await t.createCustomer();
    const response = await list(other.id, await t.signIn(customer.email));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${customer.id}/order`, headers: { tenant: TEST_TENANT } });
    expect(anonymous.statusCode).toBe(401);
  });
});
