import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationLines, auditLog, wishes } from '../../db/schema/index.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/* Members' wishes for more bottles, as staff answer them: one by one (all or part) or all by a rule. */

let t: TestApp;
let f: Awaited<ReturnType<typeof createStaffOfferingFixtures>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createStaffOfferingFixtures(t);
});
afterAll(async () => t?.close());

async function askFor(offeringId: string, wine: { id: string }, quantity: number, customer?: Awaited<ReturnType<TestApp['createCustomer']>>) {
  const member = customer ?? (await t.createCustomer());
  const allocation = await t.createAllocation({ offeringId, customerId: member.id });
  await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: wine.id, minimum: 1, maximum: 3 });
  const memberToken = await t.signIn(member.email);
  const asked = await t.app.inject({
    method: 'POST',
    url: `/v1/${TEST_TENANT}/customer/${member.id}/allocation/${allocation.id}/wish`,
    headers: { tenant: TEST_TENANT, authorization: memberToken },
    payload: { wineId: wine.id, quantity },
  });
  expect(asked.statusCode).toBe(201);
  const [wish] = await t.db.select().from(wishes).where(eq(wishes.allocationId, allocation.id));
  const seen = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/v1/${TEST_TENANT}/customer/${member.id}/allocation/${allocation.id}/offering`,
        headers: { tenant: TEST_TENANT, authorization: memberToken },
      })
    ).json().wines[0];
  return { customer: member, allocation, wish: wish!, seen };
}

async function memberWithWish(quantity = 4, stock = 50) {
  const offering = await t.createOffering();
  const wine = await t.createOfferingWine({ offeringId: offering.id, stock: [{ locationId: f.cellar.id, quantity: stock }] });
  return { offering, wine, ...(await askFor(offering.id, wine, quantity)) };
}

describe('GET /v1/staff/offerings/{offeringId}/wishes', () => {
  it("pages the wishes, waiting first, with the bottles left and the member's history", async () => {
    const { offering, wine, customer, wish } = await memberWithWish(4);
    const second = await askFor(offering.id, wine, 2);
    await f.staffCall('POST', `/wishes/${wish.id}/decline`);
    const first = await f.staffCall('GET', `/offerings/${offering.id}/wishes?limit=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toEqual([
      expect.objectContaining({
        id: second.wish.id,
        status: 'requested',
        quantity: 2,
        grantedQuantity: null,
        left: 50,
        history: { offerings: 1, ordered: 0, wishesGranted: 0, memberSince: null },
      }),
    ]);
    const next = (await f.staffCall('GET', `/offerings/${offering.id}/wishes?limit=1&cursor=${first.json().nextCursor}`)).json();
    expect(next).toEqual({
      items: [expect.objectContaining({ id: wish.id, customerId: customer.id, wineId: wine.wineId, status: 'declined', maximum: 3 })],
      nextCursor: null,
    });
    const waiting = (await f.staffCall('GET', `/offerings/${offering.id}/wishes?status=requested`)).json();
    expect(waiting.items.map((item: { id: string }) => item.id)).toEqual([second.wish.id]);
  });
});

describe('POST /v1/staff/wishes/{wishId}/grant and /decline', () => {
  it("grants all: the maximum rises, the member gets a link to order, and a repeat changes nothing", async () => {
    const { wish, customer, seen } = await memberWithWish(4);
    const granted = await f.staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: wish.id, status: 'granted', grantedQuantity: 4, maximum: 7, left: 46 });
    expect(await seen()).toMatchObject({ minimum: 1, maximum: 7, wish: { quantity: 4, status: 'granted' } });
    const [mail] = await t.deliveredMail({ to: customer.email, kind: 'wish-granted' });
    expect(mail!.text).toContain('you asked for 4 more bottles');
    expect(mail!.text).toMatch(/\/allocation-link\/[A-Za-z0-9_-]{43}/);

    const twice = await f.staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ status: 'granted', grantedQuantity: 4, maximum: 7 });
    expect(await t.deliveredMail({ to: customer.email, kind: 'wish-granted' })).toHaveLength(1);
    const [line] = await t.db.select().from(allocationLines).where(eq(allocationLines.allocationId, wish.allocationId));
    expect(line!.maximum).toBe(7);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, wish.id))).toEqual([expect.objectContaining({ action: 'wish.grant' })]);
    expect((await f.staffCall('POST', `/wishes/${wish.id}/decline`)).statusCode).toBe(409);
  });

  it('grants part, never more than asked (400) nor more than is left (409)', async () => {
    const { wish } = await memberWithWish(5, 3);
    const tooMany = await f.staffCall('POST', `/wishes/${wish.id}/grant`, { quantity: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([{ field: 'quantity', code: 'moreThanAsked', message: 'The member asked for 5 bottles: you can grant up to that.' }]);
    const beyondStock = await f.staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(beyondStock.statusCode).toBe(409);
    expect(beyondStock.json().message).toBe('Only 3 bottles of this wine are left to grant.');
    const part = await f.staffCall('POST', `/wishes/${wish.id}/grant`, { quantity: 2 });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ grantedQuantity: 2, quantity: 5, maximum: 5, left: 1 });
  });

  it('declines kindly by e-mail, leaving the limits; a granted wish cannot be declined', async () => {
    const { wish, customer, seen } = await memberWithWish(2);
    const declined = await f.staffCall('POST', `/wishes/${wish.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', maximum: 3, grantedQuantity: null });
    expect(await seen()).toMatchObject({ maximum: 3, wish: { quantity: 2, status: 'declined' } });
    expect((await f.staffCall('POST', `/wishes/${wish.id}/decline`)).statusCode).toBe(200);
    expect(await t.deliveredMail({ to: customer.email, kind: 'wish-declined' })).toHaveLength(1);
    const grant = await f.staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(grant.statusCode).toBe(409);
    expect(grant.json().message).toBe('This request has already been answered');
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

describe('POST /v1/staff/offerings/{offeringId}/wishes/bulk-grant', () => {
  it('previews pro rata shares, then grants and mails them, never beyond what is left', async () => {
    const offering = await t.createOffering();
    const wine = await t.createOfferingWine({ offeringId: offering.id, stock: [{ locationId: f.cellar.id, quantity: 10 }] });
    const asks = [];
    for (const quantity of [6, 4, 2]) asks.push(await askFor(offering.id, wine, quantity));
    const preview = await f.staffCall('POST', `/offerings/${offering.id}/wishes/bulk-grant`, { rule: 'proRata', dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      rule: 'proRata',
      dryRun: true,
      grants: asks.map((ask, index) => ({ wishId: ask.wish.id, asked: [6, 4, 2][index], granted: [5, 3, 2][index] })),
      leftAfter: [{ wineId: wine.id, left: 0 }],
    });
    expect((await t.db.select().from(wishes).where(eq(wishes.id, asks[0]!.wish.id)))[0]!.status).toBe('requested');

    const done = await f.staffCall('POST', `/offerings/${offering.id}/wishes/bulk-grant`, { rule: 'proRata', dryRun: false });
    expect(done.json().grants.map((grant: { granted: number }) => grant.granted)).toEqual([5, 3, 2]);
    const listed = (await f.staffCall('GET', `/offerings/${offering.id}/wishes`)).json().items;
    expect(listed.map((item: { status: string; grantedQuantity: number; left: number }) => [item.status, item.grantedQuantity, item.left])).toEqual([
      ['granted', 5, 0],
      ['granted', 3, 0],
      ['granted', 2, 0],
    ]);
    expect(await t.deliveredMail({ to: asks[1]!.customer.email, kind: 'wish-granted' })).toHaveLength(1);
    // Nothing waits any more: a second run grants nothing.
    expect((await f.staffCall('POST', `/offerings/${offering.id}/wishes/bulk-grant`, { rule: 'tenure', dryRun: false })).json().grants).toEqual([]);
  });

  it('by tenure serves the oldest members first', async () => {
    const offering = await t.createOffering();
    const wine = await t.createOfferingWine({ offeringId: offering.id, stock: [{ locationId: f.cellar.id, quantity: 5 }] });
    const newer = await askFor(offering.id, wine, 4, await t.createCustomer({ memberSince: '2024-03-01' }));
    const older = await askFor(offering.id, wine, 4, await t.createCustomer({ memberSince: '2011-03-01' }));
    const preview = (await f.staffCall('POST', `/offerings/${offering.id}/wishes/bulk-grant`, { rule: 'tenure', dryRun: true })).json();
    expect(Object.fromEntries(preview.grants.map((grant: { wishId: string; granted: number }) => [grant.wishId, grant.granted]))).toEqual({
      [older.wish.id]: 4,
      [newer.wish.id]: 1,
    });
  });
});
