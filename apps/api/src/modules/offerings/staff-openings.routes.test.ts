import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { auditLog, tiers } from '../../db/schema/index.js';
import { unique } from '../../testing/factories.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/* Staff set each tier's opening (and close) of an offering, and its release settings (issue 17). */

let t: TestApp;
let f: Awaited<ReturnType<typeof createStaffOfferingFixtures>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createStaffOfferingFixtures(t);
});
afterAll(async () => t?.close());

async function tier(name: string, rank: number, tenantId = TEST_TENANT) {
  const [row] = await t.db.insert(tiers).values({ tenantId, name: `${name} ${unique()}`, rank }).returning();
  return row!;
}

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('GET|PUT /v1/staff/offerings/{offeringId}/openings', () => {
  it("replaces the tiers' openings, reads them back earliest first with the tier's name, and audits the change", async () => {
    const { offering } = await f.createOffering();
    const [gold, silver] = [await tier('Gold', 1), await tier('Silver', 2)];
    expect((await f.staffCall('GET', `/offerings/${offering.id}/openings`)).json()).toEqual({ openings: [] });

    const body = {
      openings: [
        { tierId: silver.id, opensAt: at(4 * DAY_MS), closesAt: at(20 * DAY_MS) },
        { tierId: gold.id, opensAt: at(2 * DAY_MS) },
      ],
    };
    const put = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, body);
    expect(put.statusCode).toBe(200);
    const expected = {
      openings: [
        { tierId: gold.id, tierName: gold.name, opensAt: body.openings[1]!.opensAt, closesAt: null },
        { tierId: silver.id, tierName: silver.name, opensAt: body.openings[0]!.opensAt, closesAt: body.openings[0]!.closesAt },
      ],
    };
    expect(put.json()).toEqual(expected);
    expect((await f.staffCall('GET', `/offerings/${offering.id}/openings`)).json()).toEqual(expected);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, offering.id), eq(auditLog.action, 'offering.openings')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ before: { openings: [] }, after: expected });

    // PUT replaces all: an empty list gives every member the offering's window again.
    expect((await f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [] })).json()).toEqual({ openings: [] });
  });

  it('names each field that is wrong: a tier twice, an opening not before its close, a close after the offering ends, an opening at or after it', async () => {
    const { offering, body } = await f.createOffering();
    const gold = await tier('Gold', 1);
    const twice = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, {
      openings: [
        { tierId: gold.id, opensAt: at(2 * DAY_MS) },
        { tierId: gold.id, opensAt: at(3 * DAY_MS), closesAt: at(3 * DAY_MS) },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ statusCode: 400, type: 'validationError' });
    expect(twice.json().errors).toEqual([
      expect.objectContaining({ field: 'openings.1.tierId', message: 'This tier already has an opening above' }),
      expect.objectContaining({ field: 'openings.1.closesAt', message: 'The opening must come before the close' }),
    ]);

    const late = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, {
      openings: [{ tierId: gold.id, opensAt: at(2 * DAY_MS), closesAt: new Date(Date.parse(body.endDate as string) + 1).toISOString() }],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([
      expect.objectContaining({ field: 'openings.0.closesAt', code: 'closesAfterOfferingEnd', message: "A tier's close must not fall after the offering's end" }),
    ]);
    // An opening at the offering's end, or after it, would never open: refused by its field.
    const end = Date.parse(body.endDate as string);
    for (const opensAt of [end, end + 1]) {
      const never = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [{ tierId: gold.id, opensAt: new Date(opensAt).toISOString() }] });
      expect(never.statusCode).toBe(400);
      expect(never.json().errors).toEqual([
        { field: 'openings.0.opensAt', code: 'opensAfterOfferingEnd', message: "The opening must come before the offering's end" },
      ]);
    }
    const notADate = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [{ tierId: gold.id, opensAt: 'Friday' }] });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().errors).toEqual([expect.objectContaining({ field: 'openings.0.opensAt', message: 'Please enter a valid date' })]);
    expect((await f.staffCall('GET', `/offerings/${offering.id}/openings`)).json()).toEqual({ openings: [] });
    // The millisecond before the end is an opening (a window of one instant).
    const last = new Date(end - 1).toISOString();
    const lastOne = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [{ tierId: gold.id, opensAt: last }] });
    expect(lastOne.statusCode).toBe(200);
    expect(lastOne.json().openings).toEqual([expect.objectContaining({ tierId: gold.id, opensAt: last })]);
  });

  it("answers 404 for another tenant's offering or tier, and 403 to a viewer's write", async () => {
    const { offering } = await f.createOffering();
    const other = await t.createTenant();
    const theirs = await tier('Gold', 1, other);
    const foreignTier = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [{ tierId: theirs.id, opensAt: at(2 * DAY_MS) }] });
    expect(foreignTier.statusCode).toBe(404);
    expect(foreignTier.json()).toMatchObject({ type: 'notFound', message: 'This tier does not exist', errors: [expect.objectContaining({ field: 'openings.0.tierId' })] });

    const otherStaff = await t.createStaffUser({ tenantId: other });
    const otherToken = await t.signInStaff(otherStaff.email, undefined, other);
    expect((await f.staffCall('GET', `/offerings/${offering.id}/openings`, undefined, other, otherToken)).statusCode).toBe(404);
    expect((await f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [] }, other, otherToken)).statusCode).toBe(404);

    const viewer = await t.createStaffUser({ role: 'viewer' });
    const viewerToken = await t.signInStaff(viewer.email);
    expect((await f.staffCall('GET', `/offerings/${offering.id}/openings`, undefined, TEST_TENANT, viewerToken)).statusCode).toBe(200);
    const write = await f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [] }, TEST_TENANT, viewerToken);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
  });

  it('keeps one set of openings when two writes arrive at once', async () => {
    const { offering } = await f.createOffering();
    const tiersMade = await Promise.all([1, 2, 3, 4].map((rank) => tier('Tier', rank)));
    const answers = await Promise.all(
      tiersMade.map((made, index) =>
        f.staffCall('PUT', `/offerings/${offering.id}/openings`, { openings: [{ tierId: made.id, opensAt: at((2 + index) * DAY_MS) }] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const final = (await f.staffCall('GET', `/offerings/${offering.id}/openings`)).json() as { openings: unknown[] };
    expect(final.openings).toHaveLength(1);
  });
});

describe('the release settings of the staff offering', () => {
  it('are created, read, updated and cleared with the offering', async () => {
    const { offering, body } = await f.createOffering({ admissionPerMinute: 500, holdMinutes: 15 });
    expect(offering).toMatchObject({ admissionPerMinute: 500, holdMinutes: 15 });
    const updated = await f.staffCall('PUT', `/offerings/${offering.id}`, { ...body, slug: offering.slug, admissionPerMinute: null, holdMinutes: 60 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ admissionPerMinute: null, holdMinutes: 60 });
    expect((await f.staffCall('GET', `/offerings/${offering.id}`)).json()).toMatchObject({ admissionPerMinute: null, holdMinutes: 60 });
  });

  it('are none by default, and refused out of range with a field message', async () => {
    const { offering } = await f.createOffering();
    expect(offering).toMatchObject({ admissionPerMinute: null, holdMinutes: null });
    const { body } = await f.offeringBody({ admissionPerMinute: 0, holdMinutes: 61 });
    const refused = await f.staffCall('POST', '/offerings', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'admissionPerMinute', message: 'Enter from 1 to 100,000 members a minute, or leave it empty for no waiting room' }),
        expect.objectContaining({ field: 'holdMinutes', message: 'Enter from 5 to 60 minutes, or leave it empty for no holds' }),
      ]),
    );
    const { body: tooShort } = await f.offeringBody({ holdMinutes: 4, admissionPerMinute: 100_001 });
    expect((await f.staffCall('POST', '/offerings', tooShort)).statusCode).toBe(400);
  });
});
