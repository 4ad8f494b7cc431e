import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let tenant: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.createTenant();
  token = await t.signInStaff((await t.createStaffUser({ tenantId: tenant, role: 'viewer' })).email, undefined, tenant);
});
afterAll(async () => t?.close());

interface Prospect {
  id: string;
  kind: string;
  status: string;
  position: number | null;
}

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/staff/allocation-requests${query}`, headers: { tenant, authorization: token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Prospect[]; nextCursor: string | null };
};

describe("GET /v1/staff/allocation-requests: prospects' requests in arrival order", () => {
  it('pages oldest first, numbers the waiting ones per list, and keeps requests a microsecond apart', async () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    const later = (ms: number) => new Date(at.getTime() + ms);
    const request = (kind: 'allocation' | 'founders-list', createdAt: Date, status: 'pending' | 'approved' | 'declined' = 'pending') =>
      t.createAllocationRequest({ tenantId: tenant, kind, createdAt, status, decidedAt: status === 'pending' ? null : createdAt });
    const first = await request('allocation', at);
    const founder = await request('founders-list', later(1_000));
    const decided = await request('allocation', later(2_000), 'approved');
    const second = await request('allocation', later(3_000));
    const secondFounder = await request('founders-list', later(4_000));
    const declined = await request('founders-list', later(5_000), 'declined');
    // Two requests in the same millisecond: a cursor cut to milliseconds would skip or repeat one.
    const [third, fourth] = await Promise.all([request('allocation', later(6_000)), request('allocation', later(6_000))]);

    const seen: Prospect[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const sameMs = [third!.id, fourth!.id].sort();
    expect(seen.map((row) => row.id)).toEqual([first.id, founder.id, decided.id, second.id, secondFounder.id, declined.id, ...sameMs]);
    expect(seen.map((row) => [row.kind, row.status, row.position])).toEqual([
      ['allocation', 'pending', 1],
      ['founders-list', 'pending', 1],
      ['allocation', 'approved', null],
      ['allocation', 'pending', 2],
      ['founders-list', 'pending', 2],
      ['founders-list', 'declined', null],
      ['allocation', 'pending', 3],
      ['allocation', 'pending', 4],
    ]);

    const waiting = await list('?status=waiting&kind=allocation');
    expect(waiting.items.map((row) => [row.id, row.position])).toEqual([
      [first.id, 1],
      [second.id, 2],
      [sameMs[0], 3],
      [sameMs[1], 4],
    ]);
    expect((await list('?status=approved')).items.map((row) => row.id)).toEqual([decided.id]);
  });

  it('refuses a cursor it did not make and an unknown status', async () => {
    for (const query of ['?cursor=abc', `?cursor=${Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url')}`, '?status=maybe']) {
      const response = await t.app.inject({ method: 'GET', url: `/v1/staff/allocation-requests${query}`, headers: { tenant, authorization: token } });
      expect(response.statusCode).toBe(400);
      expect(response.json().type).toBe('validationError');
    }
  });
});

describe('approving and declining a request', () => {
  it('records who decided what in the audit trail, with the decision', async () => {
    const manager = await t.createStaffUser({ tenantId: tenant, role: 'manager' });
    const managerToken = await t.signInStaff(manager.email, undefined, tenant);
    const toApprove = await t.createAllocationRequest({ tenantId: tenant });
    const toDecline = await t.createAllocationRequest({ tenantId: tenant, kind: 'founders-list' });
    const decide = (id: string, verb: string) =>
      t.app.inject({ method: 'POST', url: `/v1/staff/allocation-requests/${id}/${verb}`, headers: { tenant, authorization: managerToken } });
    const approved = await decide(toApprove.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect((await decide(toDecline.id, 'decline')).statusCode).toBe(200);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.tenantId, tenant), eq(auditLog.entityType, 'allocationRequest')));
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.staffUserId]).sort()).toEqual([
      ['allocationRequest.approve', toApprove.id, manager.id],
      ['allocationRequest.decline', toDecline.id, manager.id],
    ]);
    expect(entries.find((entry) => entry.action === 'allocationRequest.approve')!.after).toEqual({ status: 'approved', customerId: approved.json().customerId });
    expect((await list('?status=waiting')).items.map((row) => row.id)).not.toContain(toApprove.id);
  });
});
