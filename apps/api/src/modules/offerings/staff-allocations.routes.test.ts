import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations } from '../../db/schema/index.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

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
    expect(all.items.map((a: { lastName: string }) => a.lastName)).toEqual(['Okafor', 'Whitcombe']);
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
