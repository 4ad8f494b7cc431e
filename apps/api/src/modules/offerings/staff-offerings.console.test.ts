import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { auditLog, offerings } from '../../db/schema/index.js';
import { createOrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/* The console's offering work: pages and filters, drafts, Markdown, default limits, publish, close early, duplicate. */

let t: TestApp;
let f: Awaited<ReturnType<typeof createStaffOfferingFixtures>>;
let o: Awaited<ReturnType<typeof createOrderingFixtures>>;

/** The app's clock: real time, unless a test stops it at one instant. */
let stoppedAt: Date | null = null;

beforeAll(async () => {
  t = await createTestApp({ now: () => stoppedAt ?? new Date() });
  f = await createStaffOfferingFixtures(t);
  o = await createOrderingFixtures(t);
});
afterAll(async () => t?.close());

const auditOf = (entityId: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.tenantId, TEST_TENANT), eq(auditLog.entityId, entityId))).orderBy(asc(auditLog.createdAt));

const LETTER = [
  '# A cool year',
  '',
  'Dear member, **the 2024s** are in bottle. <script>alert(1)</script>',
  '',
  '<img src=x onerror="alert(2)">',
  '',
  '[Our vineyard](https://example.com) · [bad](javascript:alert(3))',
].join('\n');

describe('drafts, Markdown and default limits', () => {
  it('creates a draft with Markdown and default limits, shows them to staff, audits it', async () => {
    const { body, wineIds } = await f.offeringBody({
      status: 'draft',
      letterMarkdown: LETTER,
      vintageNotesMarkdown: '## Melbury 2022\n\nDense and dark.',
      reminderDaysBefore: 3,
    });
    body.wines = body.wines.map((wine, index) => ({ ...wine, defaultMinimum: index, defaultMaximum: 6 + index }));
    const created = await f.staffCall('POST', '/offerings', body);
    expect(created.statusCode).toBe(201);
    const offering = created.json();
    expect(offering).toMatchObject({
      status: 'draft',
      letterMarkdown: LETTER,
      vintageNotesMarkdown: '## Melbury 2022\n\nDense and dark.',
      reminderDaysBefore: 3,
      closedEarlyAt: null,
      duplicatedFromId: null,
    });
    expect(offering.wines.map((w: { wineId: string; defaultMinimum: number; defaultMaximum: number }) => [w.wineId, w.defaultMinimum, w.defaultMaximum])).toEqual([
      [wineIds.melbury, 0, 6],
      [wineIds.magnum, 1, 7],
    ]);
    expect((await auditOf(offering.id)).map((entry) => entry.action)).toEqual(['offering.create']);

    const edited = await f.staffCall('PUT', `/offerings/${offering.id}`, { ...body, status: undefined, letterMarkdown: 'Plain.', reminderDaysBefore: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'draft', letterMarkdown: 'Plain.', reminderDaysBefore: null });
    const entries = await auditOf(offering.id);
    expect(entries.map((entry) => entry.action)).toEqual(['offering.create', 'offering.update']);
    expect(entries[1]!.before).toMatchObject({ letterMarkdown: LETTER });
    expect(entries[1]!.after).toMatchObject({ letterMarkdown: 'Plain.' });
  });

  it('names the wine whose default minimum is above its maximum, and a letter too long', async () => {
    const { body } = await f.offeringBody({ letterMarkdown: 'x'.repeat(20_001) });
    body.wines[1] = { ...body.wines[1]!, defaultMinimum: 7, defaultMaximum: 6 } as (typeof body.wines)[number];
    const response = await f.staffCall('POST', '/offerings', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string; code: string }) => `${e.field} ${e.code}`).sort()).toEqual([
      'letterMarkdown tooLong',
      'wines.1.defaultMinimum invalidQuantity',
    ]);
  });

  it('previews Markdown as members will read it, for every staff role', async () => {
    const viewer = await t.signInStaff((await t.createStaffUser({ role: 'viewer' })).email);
    const response = await f.staffCall('POST', '/markdown-preview', { markdown: LETTER }, TEST_TENANT, viewer);
    expect(response.statusCode).toBe(200);
    const { html } = response.json();
    expect(html).toContain('<h2>A cool year</h2>');
    expect(html).toContain('<strong>the 2024s</strong>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">Our vineyard</a>');
    for (const forbidden of ['<script', 'alert', 'onerror', 'javascript:', '<img']) expect(html).not.toContain(forbidden);
  });
});

describe('members never see a draft', () => {
  it('hides a draft offering from every member route until it is published, then shows its Markdown as HTML', async () => {
    const { offering, wines } = await o.createOpenOffering({ wines: [{ stock: 10 }] });
    await t.db.update(offerings).set({ status: 'draft', letterMarkdown: LETTER }).where(eq(offerings.id, offering.id));
    const member = await o.createMember(offering.id, { [wines[0]!.id]: { maximum: 6 } });
    const base = `/v1/${TEST_TENANT}/customer/${member.customer.id}`;
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { tenant: TEST_TENANT, authorization: member.token }, ...(payload ? { payload } : {}) });
    const allocation = `${base}/allocation/${member.allocation.id}`;

    expect((await as('GET', `${base}/allocation`)).json()).toEqual([]);
    expect((await as('GET', allocation)).statusCode).toBe(404);
    expect((await as('GET', `${allocation}/offering`)).statusCode).toBe(404);
    expect((await as('POST', `${allocation}/wish`, { wineId: wines[0]!.id, quantity: 2 })).statusCode).toBe(404);
    const cart = await as('PUT', `${base}/cart`, { allocationId: member.allocation.id, lines: [{ wineId: wines[0]!.id, quantity: 1 }] });
    expect(cart.statusCode).toBe(404);

    const published = await f.staffCall('POST', `/offerings/${offering.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('published');
    expect((await f.staffCall('POST', `/offerings/${offering.id}/publish`)).json().status).toBe('published');
    expect((await auditOf(offering.id)).map((entry) => entry.action)).toEqual(['offering.publish']);

    expect((await as('GET', `${base}/allocation`)).json()).toHaveLength(1);
    const view = await as('GET', `${allocation}/offering`);
    expect(view.statusCode).toBe(200);
    expect(view.json().letterHtml).toContain('<strong>the 2024s</strong>');
    expect(view.json().letterHtml).not.toContain('script');
    expect(view.json().vintageNotesHtml).toBeNull();
  });
});

describe('close early and duplicate', () => {
  it('closes an open offering now, once; one not open answers 409', async () => {
    const { offering } = await o.createOpenOffering({ wines: [{}] });
    // The close and its answer read the clock in the same millisecond (as they can, now and then):
    // the answer says closed, and so does every reader at that instant.
    const at = (stoppedAt = new Date());
    const [closed, openList] = await (async () => {
      try {
        return [await f.staffCall('POST', `/offerings/${offering.id}/close`), await f.staffCall('GET', '/offerings?phase=open&limit=200')];
      } finally {
        stoppedAt = null;
      }
    })();
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ phase: 'closed', closedEarlyAt: at.toISOString() });
    expect(closed.json().endDate).toBe(new Date(at.getTime() - 1).toISOString());
    expect(openList.json().items).not.toContainEqual(expect.objectContaining({ id: offering.id }));
    const again = await f.staffCall('POST', `/offerings/${offering.id}/close`);
    expect(again.statusCode).toBe(200);
    expect(again.json().closedEarlyAt).toBe(closed.json().closedEarlyAt);
    expect((await auditOf(offering.id)).map((entry) => entry.action)).toEqual(['offering.close']);
    const list = (await f.staffCall('GET', '/offerings?phase=closed&limit=200')).json();
    expect(list.items).toContainEqual(expect.objectContaining({ id: offering.id, closedEarly: true }));

    const { offering: scheduled } = await f.createOffering();
    const refused = await f.staffCall('POST', `/offerings/${scheduled.id}/close`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'conflict', message: 'This offering is not open, so it cannot be closed early' });
    expect((await f.staffCall('POST', `/offerings/${t.newId()}/close`)).statusCode).toBe(404);
  });

  it('duplicates an offering as next year\'s draft: content, wines, prices, defaults and rules, no stock', async () => {
    const { body, wineIds } = await f.offeringBody({ letterMarkdown: 'Hello', reminderDaysBefore: 5 });
    body.wines = body.wines.map((wine) => ({ ...wine, defaultMinimum: 1, defaultMaximum: 3 }));
    const source = (await f.staffCall('POST', '/offerings', body)).json();
    const response = await f.staffCall('POST', `/offerings/${source.id}/duplicate`);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    const yearLater = (iso: string) => {
      const date = new Date(iso);
      date.setUTCFullYear(date.getUTCFullYear() + 1);
      return date.toISOString();
    };
    expect(copy).toMatchObject({
      name: 'Autumn Release (copy)',
      slug: `${source.slug}-copy-1`,
      status: 'draft',
      startDate: yearLater(source.startDate),
      endDate: yearLater(source.endDate),
      letter: source.letter,
      vintageNotes: source.vintageNotes,
      letterMarkdown: 'Hello',
      reminderDaysBefore: 5,
      orderMinimumCents: source.orderMinimumCents,
      metaData: source.metaData,
      duplicatedFromId: source.id,
      combinations: [{ wineId: wineIds.magnum, requiresWineId: wineIds.melbury, quantity: 3 }],
      allocations: { count: 0, ordered: 0, wishesRequested: 0 },
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.wines).toEqual([
      expect.objectContaining({ wineId: wineIds.melbury, priceCents: 19_500, defaultMinimum: 1, defaultMaximum: 3, available: 0 }),
      expect.objectContaining({ wineId: wineIds.magnum, priceCents: 42_000, available: 0 }),
    ]);
    expect(copy.wines[0].stock).toEqual([
      { locationId: f.cellar.id, quantity: 0 },
      { locationId: f.room.id, quantity: 0 },
    ]);
    const second = (await f.staffCall('POST', `/offerings/${copy.id}/duplicate`)).json();
    expect(second.slug).toBe(`${source.slug}-copy-2`);
    expect((await auditOf(copy.id)).map((entry) => entry.action)).toEqual(['offering.duplicate']);
    const drafts = (await f.staffCall('GET', '/offerings?phase=draft&limit=200')).json();
    expect(drafts.items.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([copy.id, second.id]));
    expect(drafts.items.every((item: { status: string }) => item.status === 'draft')).toBe(true);
  });
});

describe('GET /v1/staff/offerings: pages and filters', () => {
  it('pages latest start first without repeats, and filters by phase among published offerings', async () => {
    const tenant = await t.createTenant();
    const staff = await t.signInStaff((await t.createStaffUser({ tenantId: tenant })).email, undefined, tenant);
    const now = Date.now();
    const at = (days: number) => new Date(now + days * DAY_MS);
    const make = (name: string, start: number, end: number, status: 'draft' | 'published' = 'published') =>
      t.createOffering({ tenantId: tenant, name, startDate: at(start), endDate: at(end), status });
    const past = await make('Past', -60, -30);
    const open = await make('Open', -5, 5);
    const openToo = await make('Open too', -5, 10);
    const next = await make('Next', 10, 40);
    const draft = await make('Draft', 20, 50, 'draft');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url = `/offerings?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await f.staffCall('GET', url, undefined, tenant, staff)).json() as { items: Array<{ id: string }>; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([draft.id, next.id, open.id, openToo.id, past.id]);
    const ids = async (phase: string) =>
      ((await f.staffCall('GET', `/offerings?phase=${phase}`, undefined, tenant, staff)).json().items as Array<{ id: string }>).map((item) => item.id);
    expect(await ids('scheduled')).toEqual([next.id]);
    expect(await ids('open')).toEqual([open.id, openToo.id]);
    expect(await ids('closed')).toEqual([past.id]);
    expect(await ids('draft')).toEqual([draft.id]);
    expect((await f.staffCall('GET', '/offerings?phase=someday', undefined, tenant, staff)).statusCode).toBe(400);
    expect((await f.staffCall('GET', '/offerings?cursor=abc', undefined, tenant, staff)).statusCode).toBe(400);
  });
});
