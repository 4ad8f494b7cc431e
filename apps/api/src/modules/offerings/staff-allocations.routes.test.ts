import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationLines, allocations, wishes } from '../../db/schema/index.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/* Members' allocations in an offering and their wishes, as staff assign and answer them. */

let t: TestApp;
let f: Awaited<ReturnType<typeof createStaffOfferingFixtures>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createStaffOfferingFixtures(t);
});
afterAll(async () => t?.close());

describe('PUT /v1/staff/offerings/{offeringId}/allocations', () => {
  it('invites members by e-mail or id, sets their lines, and changes them on a second call', async () => {
    const { offering, wineIds } = await f.createOffering();
    const eleanor = await t.createCustomer({ email: 'eleanor.assign@example.com', lastName: 'Whitcombe' });
    const james = await t.createCustomer({ lastName: 'Okafor' });
    const first = await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      {
        email: 'Eleanor.Assign@example.com',
        orderMinimumCents: 50_000,
        metaData: { 'skip-letter': true },
        lines: [
          { wineId: wineIds.melbury, minimum: 2, maximum: 6 },
          { wineId: wineIds.magnum, maximum: 1 },
        ],
      },
      { customerId: james.id, lines: [{ wineId: wineIds.melbury, maximum: 12 }] },
    ]);
    expect(first.statusCode).toBe(200);
    const [forEleanor, forJames] = first.json();
    expect(forEleanor).toMatchObject({
      customerId: eleanor.id,
      email: 'eleanor.assign@example.com',
      orderMinimumCents: 50_000,
      metaData: { 'skip-letter': true },
      hasOrdered: false,
      lines: [
        { wineId: wineIds.melbury, minimum: 2, maximum: 6 },
        { wineId: wineIds.magnum, minimum: 0, maximum: 1 },
      ],
    });
    expect(forJames).toMatchObject({ customerId: james.id, orderMinimumCents: null, lines: [{ wineId: wineIds.melbury, minimum: 0, maximum: 12 }] });

    const second = await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: eleanor.id, orderMinimumCents: null, lines: [{ wineId: wineIds.magnum, minimum: 1, maximum: 2 }] },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json()[0]).toMatchObject({
      id: forEleanor.id,
      orderMinimumCents: null,
      // Left out of the call: kept as it was.
      metaData: { 'skip-letter': true },
      lines: [{ wineId: wineIds.magnum, minimum: 1, maximum: 2 }],
    });

    const all = (await f.staffCall('GET', `/offerings/${offering.id}/allocations`)).json();
    expect(all.map((a: { lastName: string }) => a.lastName)).toEqual(['Okafor', 'Whitcombe']);
    const detail = (await f.staffCall('GET', `/offerings/${offering.id}`)).json();
    expect(detail.allocations.count).toBe(2);
    expect(detail.wines[0]).toMatchObject({ allocatedMinimum: 0, allocatedMaximum: 12 });
    expect(detail.wines[1]).toMatchObject({ allocatedMinimum: 1, allocatedMaximum: 2 });
  });

  it('changes nothing when one member is unknown, naming the item', async () => {
    const { offering, wineIds } = await f.createOffering();
    const known = await t.createCustomer();
    const other = await t.createTenant();
    const stranger = await t.createCustomer({ tenantId: other });
    const response = await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: known.id, lines: [{ wineId: wineIds.melbury, maximum: 3 }] },
      { email: 'nobody@example.com', lines: [] },
      { customerId: stranger.id, lines: [] },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      type: 'notFound',
      message: 'This customer does not exist',
      errors: [
        { field: '1.email', code: 'customerNotFound', message: 'This customer does not exist' },
        { field: '2.customerId', code: 'customerNotFound', message: 'This customer does not exist' },
      ],
    });
    expect(await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id))).toEqual([]);
  });

  it('changes nothing when a wine is not in the offering or a minimum is above its maximum', async () => {
    const { offering, wineIds } = await f.createOffering();
    const a = await t.createCustomer();
    const b = await t.createCustomer();
    const outsider = await t.createWine();
    const response = await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: a.id, lines: [{ wineId: wineIds.melbury, maximum: 3 }] },
      { customerId: b.id, lines: [{ wineId: outsider.id, maximum: 3 }] },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: '1.lines.0.wineId', code: 'wineNotInOffering', message: 'This wine is not part of the offering' },
    ]);
    const limits = await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: a.id, lines: [{ wineId: wineIds.melbury, minimum: 4, maximum: 3 }] },
    ]);
    expect(limits.statusCode).toBe(400);
    expect(limits.json().errors).toEqual([{ field: '0.lines.0.minimum', code: 'invalidQuantity', message: 'Invalid quantity' }]);
    expect(await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id))).toEqual([]);
  });

  it('refuses the same member twice in one call', async () => {
    const { offering } = await f.createOffering();
    const a = await t.createCustomer();
    const response = await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: a.id, lines: [] },
      { email: a.email, lines: [] },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: '1.email', code: 'duplicateMember', message: 'This member is listed twice' }]);
  });
});

describe('wishes', () => {
  async function memberWithWish(quantity = 4) {
    const offering = await t.createOffering();
    const wine = await t.createOfferingWine({ offeringId: offering.id, stock: [{ locationId: f.cellar.id, quantity: 50 }] });
    const customer = await t.createCustomer();
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: wine.id, minimum: 1, maximum: 3 });
    const memberToken = await t.signIn(customer.email);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/v1/${TEST_TENANT}/customer/${customer.id}/allocation/${allocation.id}/wish`,
      headers: { tenant: TEST_TENANT, authorization: memberToken },
      payload: { wineId: wine.id, quantity },
    });
    expect(asked.statusCode).toBe(201);
    const [wish] = await t.db.select().from(wishes).where(eq(wishes.allocationId, allocation.id));
    const seen = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/${TEST_TENANT}/customer/${customer.id}/allocation/${allocation.id}/offering`,
          headers: { tenant: TEST_TENANT, authorization: memberToken },
        })
      ).json().wines[0];
    return { offering, wine, customer, allocation, wish: wish!, seen };
  }

  it('lists the waiting wishes of an offering with the member and the current maximum', async () => {
    const { offering, wine, customer, wish } = await memberWithWish(4);
    const response = await f.staffCall('GET', `/offerings/${offering.id}/wishes`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: wish.id,
        customerId: customer.id,
        email: customer.email,
        wineId: wine.wineId,
        quantity: 4,
        status: 'requested',
        maximum: 3,
        decidedAt: null,
      }),
    ]);
    expect((await f.staffCall('GET', `/offerings/${offering.id}`)).json().allocations.wishesRequested).toBe(1);
  });

  it("granting raises the member's maximum by the bottles asked for, once", async () => {
    const { wish, seen } = await memberWithWish(4);
    expect(await seen()).toMatchObject({ maximum: 3, wish: { quantity: 4, status: 'requested' } });
    const granted = await f.staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: wish.id, status: 'granted', maximum: 7 });
    expect(granted.json().decidedAt).not.toBeNull();
    expect(await seen()).toMatchObject({ minimum: 1, maximum: 7, wish: { quantity: 4, status: 'granted' } });

    const twice = await f.staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'This request has already been answered' });
    const [line] = await t.db.select().from(allocationLines).where(eq(allocationLines.allocationId, wish.allocationId));
    expect(line!.maximum).toBe(7);
  });

  it('declining leaves the limits as they were', async () => {
    const { wish, seen } = await memberWithWish(2);
    const declined = await f.staffCall('POST', `/wishes/${wish.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', maximum: 3 });
    expect(await seen()).toMatchObject({ maximum: 3, wish: { quantity: 2, status: 'declined' } });
    expect((await f.staffCall('POST', `/wishes/${wish.id}/grant`)).statusCode).toBe(409);
  });

  it("answers 404 for an unknown wish and for another tenant's staff", async () => {
    const { wish } = await memberWithWish();
    expect((await f.staffCall('POST', `/wishes/${t.newId()}/grant`)).statusCode).toBe(404);
    const other = await t.createTenant();
    const theirStaff = await t.createStaffUser({ tenantId: other });
    const theirToken = await t.signInStaff(theirStaff.email, undefined, other);
    const response = await f.staffCall('POST', `/wishes/${wish.id}/grant`, undefined, other, theirToken);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This request does not exist');
  });
});
