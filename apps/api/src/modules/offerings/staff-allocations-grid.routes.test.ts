import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationLines, allocations, auditLog, tiers } from '../../db/schema/index.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/* The console's allocation grid: a page of members with filters, removing one, the same limits for many. */

let t: TestApp;
let f: Awaited<ReturnType<typeof createStaffOfferingFixtures>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createStaffOfferingFixtures(t);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/v1/staff${url}`,
    headers: { tenant: TEST_TENANT, authorization: f.token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function tier(name: string, rank: number) {
  const [row] = await t.db.insert(tiers).values({ tenantId: TEST_TENANT, name: `${name} ${t.newId().slice(0, 6)}`, rank }).returning();
  return row!;
}

describe('GET /v1/staff/offerings/{offeringId}/allocations', () => {
  it('pages the members by last name, first name, id, with tier, lines and invitation state', async () => {
    const { offering, wineIds } = await f.createOffering();
    const gold = await tier('Gold', 1);
    const names = ['Abbot', 'Baker', 'Carter', 'Dunn', 'Evans'];
    const members = [];
    for (const lastName of names) members.push(await t.createCustomer({ lastName, firstName: 'Ann', tierId: lastName === 'Carter' ? gold.id : null }));
    const put = await f.staffCall(
      'PUT',
      `/offerings/${offering.id}/allocations`,
      members.map((member) => ({ customerId: member.id, lines: [{ wineId: wineIds.melbury, minimum: 1, maximum: 6 }] })),
    );
    expect(put.statusCode).toBe(200);

    const first = await call('GET', `/offerings/${offering.id}/allocations?limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((row: { lastName: string }) => row.lastName)).toEqual(['Abbot', 'Baker']);
    expect(page1.items[0]).toMatchObject({
      tierId: null,
      tierName: null,
      hasOrdered: false,
      invitation: { state: 'none', at: null },
      lines: [{ wineId: wineIds.melbury, minimum: 1, maximum: 6 }],
    });
    expect(page1.items[0].lines[0].offeringWineId).toEqual(expect.any(String));
    const page2 = (await call('GET', `/offerings/${offering.id}/allocations?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.items.map((row: { lastName: string }) => row.lastName)).toEqual(['Carter', 'Dunn']);
    expect(page2.items[0]).toMatchObject({ tierId: gold.id, tierName: gold.name });
    const page3 = (await call('GET', `/offerings/${offering.id}/allocations?limit=2&cursor=${page2.nextCursor}`)).json();
    expect(page3).toEqual({ items: [expect.objectContaining({ lastName: 'Evans' })], nextCursor: null });

    const byTier = (await call('GET', `/offerings/${offering.id}/allocations?tierId=${gold.id}`)).json();
    expect(byTier.items.map((row: { lastName: string }) => row.lastName)).toEqual(['Carter']);
    const bySearch = (await call('GET', `/offerings/${offering.id}/allocations?q=${encodeURIComponent(members[3]!.email.toUpperCase())}`)).json();
    expect(bySearch.items.map((row: { lastName: string }) => row.lastName)).toEqual(['Dunn']);

    // An order makes the member "ordered"; the filter by state finds them alone.
    const evans = page3.items[0];
    await t.createOrder({ customerId: evans.customerId, allocationId: evans.id });
    const ordered = (await call('GET', `/offerings/${offering.id}/allocations?state=ordered`)).json();
    expect(ordered.items).toEqual([expect.objectContaining({ lastName: 'Evans', hasOrdered: true, invitation: { state: 'ordered', at: expect.any(String) } })]);
    expect((await call('GET', `/offerings/${offering.id}/allocations?state=none`)).json().items).toHaveLength(4);
  });

  it('answers 400 on a cursor that is not one of ours and 404 on an unknown offering', async () => {
    const { offering } = await f.createOffering();
    const bad = await call('GET', `/offerings/${offering.id}/allocations?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalidCursor' })]);
    expect((await call('GET', `/offerings/${t.newId()}/allocations`)).statusCode).toBe(404);
  });
});

describe('DELETE /v1/staff/offerings/{offeringId}/allocations/{allocationId}', () => {
  it('takes a member out, with an audit entry, but not once they have ordered (409)', async () => {
    const { offering, wineIds } = await f.createOffering();
    const [a, b] = [await t.createCustomer(), await t.createCustomer()];
    const [forA, forB] = (
      await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
        { customerId: a.id, lines: [{ wineId: wineIds.melbury, maximum: 6 }] },
        { customerId: b.id, lines: [{ wineId: wineIds.melbury, maximum: 6 }] },
      ])
    ).json();

    const removed = await call('DELETE', `/offerings/${offering.id}/allocations/${forA.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(allocations).where(eq(allocations.id, forA.id))).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, forA.id), eq(auditLog.action, 'allocation.delete')));
    expect(entry).toMatchObject({ entityType: 'allocation', after: null, before: expect.objectContaining({ customerId: a.id }) });
    expect(entry!.staffUserId).toEqual(expect.any(String));
    expect((await call('DELETE', `/offerings/${offering.id}/allocations/${forA.id}`)).statusCode).toBe(404);

    await t.createOrder({ customerId: b.id, allocationId: forB.id });
    const refused = await call('DELETE', `/offerings/${offering.id}/allocations/${forB.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This member has already ordered in this offering: their allocation cannot be removed.');
    expect(await t.db.select().from(allocations).where(eq(allocations.id, forB.id))).toHaveLength(1);
  });
});

describe('POST /v1/staff/offerings/{offeringId}/allocations/bulk', () => {
  it("sets the limits for everyone matching, adding members when asked, one audit entry per allocation changed", async () => {
    const { offering, wineIds } = await f.createOffering();
    const silver = await tier('Silver', 2);
    const inTier = [await t.createCustomer({ tierId: silver.id }), await t.createCustomer({ tierId: silver.id })];
    const gone = await t.createCustomer({ tierId: silver.id, deactivatedAt: new Date() });
    const other = await t.createCustomer();
    await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: inTier[0]!.id, lines: [{ wineId: wineIds.magnum, maximum: 1 }] },
      { customerId: other.id, lines: [] },
    ]);

    const onlyAllocated = await call('POST', `/offerings/${offering.id}/allocations/bulk`, {
      filter: { tierId: silver.id },
      lines: [{ wineId: wineIds.melbury, minimum: 2, maximum: 4 }],
    });
    expect(onlyAllocated.statusCode).toBe(200);
    expect(onlyAllocated.json()).toEqual({ matched: 1, updated: 1 });
    const again = await call('POST', `/offerings/${offering.id}/allocations/bulk`, {
      filter: { tierId: silver.id },
      lines: [{ wineId: wineIds.melbury, minimum: 2, maximum: 4 }],
    });
    expect(again.json()).toEqual({ matched: 1, updated: 0 });

    const everyone = await call('POST', `/offerings/${offering.id}/allocations/bulk`, {
      filter: { tierId: silver.id, onlyAllocated: false },
      lines: [{ wineId: wineIds.melbury, minimum: 0, maximum: 5 }],
    });
    // The deactivated member is not added.
    expect(everyone.json()).toEqual({ matched: 2, updated: 2 });
    const rows = await t.db
      .select({ customerId: allocations.customerId, offeringWineId: allocationLines.offeringWineId, maximum: allocationLines.maximum, id: allocations.id })
      .from(allocations)
      .innerJoin(allocationLines, eq(allocationLines.allocationId, allocations.id))
      .where(and(eq(allocations.offeringId, offering.id), inArray(allocations.customerId, [...inTier.map((c) => c.id), gone.id])));
    // The first member keeps the magnum line and has the Melbury one; the second has the Melbury one.
    expect(rows.filter((row) => row.customerId === inTier[0]!.id)).toHaveLength(2);
    expect(rows.filter((row) => row.customerId === inTier[1]!.id).map((row) => row.maximum)).toEqual([5]);
    expect(rows.some((row) => row.customerId === gone.id)).toBe(false);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'allocation.bulk'), inArray(auditLog.entityId, rows.map((row) => row.id))));
    expect(audits).toHaveLength(3);
  });

  it('refuses a wine outside the offering, changing nothing', async () => {
    const { offering } = await f.createOffering();
    const outsider = await t.createWine();
    const response = await call('POST', `/offerings/${offering.id}/allocations/bulk`, {
      filter: { onlyAllocated: false },
      lines: [{ wineId: outsider.id, maximum: 3 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'lines.0.wineId', code: 'wineNotInOffering', message: 'This wine is not part of the offering' }]);
    expect(await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id))).toEqual([]);
  });
});

describe('GET /v1/staff/members and /v1/staff/tiers', () => {
  it('pages members with their tier and whether they are in an offering; lists tiers by rank', async () => {
    const { offering } = await f.createOffering();
    const bronze = await tier('Bronze', 3);
    const zed = await t.createCustomer({ lastName: 'Zzyzx-Members', firstName: 'Ada', tierId: bronze.id });
    const zoe = await t.createCustomer({ lastName: 'Zzyzx-Members', firstName: 'Zoe' });
    await t.createAllocation({ offeringId: offering.id, customerId: zoe.id });
    const page = await call('GET', `/members?q=zzyzx-members&offeringId=${offering.id}&limit=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toEqual([
      expect.objectContaining({ id: zed.id, email: zed.email, firstName: 'Ada', lastName: 'Zzyzx-Members', tierId: bronze.id, tierName: bronze.name, allocated: false }),
    ]);
    const next = (await call('GET', `/members?q=zzyzx-members&offeringId=${offering.id}&limit=1&cursor=${page.json().nextCursor}`)).json();
    expect(next).toEqual({ items: [expect.objectContaining({ id: zoe.id, allocated: true, tierId: null })], nextCursor: null });
    const listed = (await call('GET', '/tiers')).json() as Array<{ id: string; rank: number }>;
    expect(listed.find((row) => row.id === bronze.id)).toEqual({ id: bronze.id, name: bronze.name, rank: 3 });
    expect(listed.map((row) => row.rank)).toEqual([...listed.map((row) => row.rank)].sort((a, b) => a - b));
  });
});
