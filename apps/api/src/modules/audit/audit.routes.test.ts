import { AUDIT_ACTIONS } from '@winery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { TEST_PASSWORD } from '../../testing/factories.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInStaff((await t.createStaffUser({ role: 'admin' })).email);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { tenant: TEST_TENANT, authorization: token }, ...(payload === undefined ? {} : { payload: payload as object }) });

type Entry = { action: string; entityType: string; entityId: string | null; subject: { name: string; detail: string | null; gone: boolean; memberId: string | null } | null };
const entriesFor = async (entityId: string): Promise<Entry[]> => (await call('GET', `/v1/staff/audit?entityId=${entityId}`)).json().items;

describe('the audit trail says whom or what each entry is about', () => {
  it('names a member, a wine and a tier as they read now, and nothing once the record is gone', async () => {
    const member = await call('POST', '/v1/staff/members', { firstName: 'Odile', lastName: 'Fontaine', email: 'odile@audit-subject.example' });
    expect(member.statusCode, member.body).toBe(201);
    const memberId = member.json().id as string;
    const [created] = await entriesFor(memberId);
    expect(created).toMatchObject({ action: 'member.create', entityType: 'member', subject: { name: 'Odile Fontaine', detail: 'odile@audit-subject.example', gone: false, memberId: null } });

    // Renamed: every entry about them says the name they have now.
    expect((await call('PUT', `/v1/staff/members/${memberId}`, { firstName: 'Odile', lastName: 'Fontaine-Roux', email: 'odile@audit-subject.example' })).statusCode).toBe(200);
    const entries = await entriesFor(memberId);
    expect(entries.map((entry) => [entry.action, entry.subject?.name])).toEqual([
      ['member.update', 'Odile Fontaine-Roux'],
      ['member.create', 'Odile Fontaine-Roux'],
    ]);

    const wine = (await call('POST', '/v1/staff/wines', { name: 'Melbury', vintage: 2022 })).json();
    expect((await entriesFor(wine.id))[0]).toMatchObject({ action: 'wine.create', subject: { name: 'Melbury 2022', detail: null, gone: false, memberId: null } });

    const tier = (await call('POST', '/v1/staff/tiers', { name: 'Library', rank: 7 })).json();
    expect((await entriesFor(tier.id))[0]).toMatchObject({ action: 'tier.create', subject: { name: 'Library', detail: null, gone: false, memberId: null } });
    expect((await call('DELETE', `/v1/staff/tiers/${tier.id}`)).statusCode).toBe(204);
    // Removed: named as each entry last saw it, and said to be gone.
    expect((await entriesFor(tier.id)).map((entry) => [entry.action, entry.subject])).toEqual([
      ['tier.delete', { name: 'Library', detail: null, gone: true, memberId: null }],
      ['tier.create', { name: 'Library', detail: null, gone: true, memberId: null }],
    ]);
  });

  it("names an allocation by its member and offering, and gives the member's id, whose page it is read on", async () => {
    const f = await createStaffOfferingFixtures(t);
    const { offering, wineIds } = await f.createOffering();
    const member = await t.createCustomer({ firstName: 'Ines', lastName: 'Moreau', email: 'ines@audit-allocation.example' });
    const assigned = await f.staffCall('PUT', `/offerings/${offering.id}/allocations`, [{ customerId: member.id, lines: [{ wineId: wineIds.melbury, maximum: 6 }] }]);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [allocation] = assigned.json();
    expect((await entriesFor(allocation.id))[0]).toMatchObject({
      action: 'allocation.assign',
      entityType: 'allocation',
      subject: { name: 'Ines Moreau', detail: 'Autumn Release', gone: false, memberId: member.id },
    });
  });

  it("does not name another tenant's record, though an entry gives its id", async () => {
    const member = (await call('POST', '/v1/staff/members', { firstName: 'Ada', lastName: 'Vintner', email: 'ada@audit-tenant.example' })).json();
    await t.createTenant('audit-other', 'Other Estate');
    const colleague = await t.createStaffUser({ tenantId: 'audit-other', role: 'admin' });
    await t.db.insert(auditLog).values({ tenantId: 'audit-other', staffUserId: colleague.id, action: 'member.update', entityType: 'member', entityId: member.id });
    const theirs = await t.app.inject({ method: 'GET', url: `/v1/staff/audit?entityId=${member.id}`, headers: { tenant: 'audit-other', authorization: await t.signInStaff(colleague.email, TEST_PASSWORD, 'audit-other') } });
    expect(theirs.json().items).toEqual([expect.objectContaining({ action: 'member.update', subject: null })]);
    // Ours still names her.
    expect((await entriesFor(member.id))[0]!.subject).toEqual({ name: 'Ada Vintner', detail: 'ada@audit-tenant.example', gone: false, memberId: null });
  });

  it('lists every action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
