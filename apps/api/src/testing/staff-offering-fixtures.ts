import { expect } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { TEST_TENANT, type TestApp } from './test-app.js';

/**
 * What the staff offering tests share (modules/offerings/staff-*.routes.test.ts): a signed-in
 * admin, two locations, a staff call, and an offering body with two wines of its own.
 */
export async function createStaffOfferingFixtures(t: TestApp) {
  const token = await t.signInStaff((await t.createStaffUser()).email);
  const cellar = await t.createLocation({ name: 'Cellar Door', sortOrder: 0 });
  const room = await t.createLocation({ name: 'Tasting Room', sortOrder: 1, shipsFrom: false });

  const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
  const staffCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, tenant = TEST_TENANT, auth = token) =>
    t.app.inject({
      method,
      url: `/v1/staff${url}`,
      headers: { tenant, authorization: auth },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  let slugs = 0;
  async function offeringBody(overrides: Record<string, unknown> = {}) {
    const serial = (slugs += 1);
    const melbury = await t.createWine({ name: `Melbury ${serial}` });
    const magnum = await t.createWine({ name: melbury.name, sizeMl: 1500 });
    return {
      /** In the slug and the wine's name, so each body is a new offering. */
      serial,
      wineIds: { melbury: melbury.id, magnum: magnum.id },
      body: {
        name: 'Autumn Release',
        slug: `Autumn Release ${serial}`,
        campaignType: 'standard',
        startDate: fromNow(2 * DAY_MS),
        endDate: fromNow(30 * DAY_MS),
        metaData: { 'show-vintage-notes': true },
        letter: { title: 'Dear friends', paragraphs: ['The 2022s are in bottle.'], signature: 'Catherine Aldermoor' },
        vintageNotes: [{ title: 'Melbury 2022', paragraphs: ['Dense and dark.'] }],
        orderMinimumCents: 30_000,
        wines: [
          { wineId: melbury.id, priceCents: 19_500, stock: [{ locationId: cellar.id, quantity: 120 }, { locationId: room.id, quantity: 24 }] },
          { wineId: magnum.id, priceCents: 42_000, stock: [{ locationId: cellar.id, quantity: 12 }] },
        ],
        combinations: [{ wineId: magnum.id, requiresWineId: melbury.id, quantity: 3 }],
        ...overrides,
      },
    };
  }

  async function createOffering(overrides: Record<string, unknown> = {}) {
    const { body, wineIds } = await offeringBody(overrides);
    const response = await staffCall('POST', '/offerings', body);
    expect(response.statusCode).toBe(201);
    return { offering: response.json(), body, wineIds };
  }

  return { token, cellar, room, fromNow, staffCall, offeringBody, createOffering };
}
