import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { OfferingCombination } from '../db/schema/index.js';
import {
  allocationLines,
  inventoryLocations,
  offerings,
  offeringWines,
  shippingNotices,
  shippingRates,
  shippingRestrictions,
  stock,
  taxRates,
  wines,
} from '../db/schema/index.js';
import type { TestApp } from './test-app.js';

/**
 * Offerings ready to order from, straight into the database: wines with prices and stock, member
 * limits, the producer's two locations and rate tables. For the cart and order tests; the staff
 * API (its own tests) is how real offerings are made.
 */

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence += 1).toString(36)}`;

/** The rate tables every ordering test file starts with (tenant acme). */
export const RATES = {
  taxCA: 725,
  taxUS: 600,
  taxNY: 888,
  taxGB: 2_000,
  shipUpTo6: 4_500,
  shipFrom7: 7_500,
  shipGB: 18_000,
  noticeGB: 'Shipments to the United Kingdom leave in spring, once the weather is cool enough.',
} as const;

export interface WineSpec {
  name?: string;
  vintage?: number;
  sizeMl?: number;
  priceCents?: number;
  /** Bottles at the shipping location (the cellar). */
  stock?: number;
  /** Bottles at the pick-up-only tasting room. */
  roomStock?: number;
}

export interface LimitSpec {
  minimum?: number;
  maximum: number;
}

export async function createOrderingFixtures(t: TestApp) {
  const { db, tenantId } = t;

  // The producer's two in-house locations (seed §9): the cellar ships and can be visited; the
  // tasting room in New York is pick-up only and taxed there.
  const [cellar] = await db
    .insert(inventoryLocations)
    .values({ tenantId, name: 'Winery Cellar', address: '1 Estate Road, Healdsburg, CA 95448', hours: 'Daily 10–4', countryCode: 'US', stateCode: 'CA', shipsFrom: true, pickup: true, sortOrder: 0 })
    .returning();
  const [room] = await db
    .insert(inventoryLocations)
    .values({ tenantId, name: 'City Tasting Room', address: '20 Hudson Street, New York, NY 10013', hours: 'Thu–Sat 12–7', countryCode: 'US', stateCode: 'NY', shipsFrom: false, pickup: true, sortOrder: 1 })
    .returning();
  const [closedStore] = await db
    .insert(inventoryLocations)
    .values({ tenantId, name: 'Bonded Warehouse', address: 'Dock 4, Oakland, CA', countryCode: 'US', stateCode: 'CA', shipsFrom: false, pickup: false, sortOrder: 2 })
    .returning();

  await db.insert(taxRates).values([
    { tenantId, countryCode: 'US', stateCode: null, rateBasisPoints: RATES.taxUS },
    { tenantId, countryCode: 'US', stateCode: 'CA', rateBasisPoints: RATES.taxCA },
    { tenantId, countryCode: 'US', stateCode: 'NY', rateBasisPoints: RATES.taxNY },
    { tenantId, countryCode: 'GB', stateCode: null, rateBasisPoints: RATES.taxGB, includesDuties: true },
  ]);
  await db.insert(shippingRates).values([
    { tenantId, countryCode: 'US', minBottles: 1, maxBottles: 6, priceCents: RATES.shipUpTo6 },
    { tenantId, countryCode: 'US', minBottles: 7, maxBottles: null, priceCents: RATES.shipFrom7 },
    { tenantId, countryCode: 'GB', minBottles: 1, maxBottles: null, priceCents: RATES.shipGB, includesDuties: true },
  ]);
  await db.insert(shippingRestrictions).values([{ tenantId, countryCode: 'US', stateCode: 'UT', name: 'Utah' }]);
  await db.insert(shippingNotices).values([{ tenantId, countryCode: 'GB', text: RATES.noticeGB }]);

  /**
   * An open offering with its wines, each in stock at the cellar (and the tasting room when asked).
   * Wine names get a suffix so every offering of a test file has its own wines.
   */
  async function createOpenOffering(
    options: { wines: WineSpec[]; orderMinimumCents?: number; combinations?: (ids: string[]) => OfferingCombination[]; startDate?: Date; endDate?: Date; cancelledAt?: Date | null } = { wines: [{}] },
  ) {
    const offering = await t.createOffering({
      orderMinimumCents: options.orderMinimumCents ?? 0,
      ...(options.startDate ? { startDate: options.startDate } : {}),
      ...(options.endDate ? { endDate: options.endDate } : {}),
      cancelledAt: options.cancelledAt ?? null,
    });
    const suffix = unique();
    const offered = [];
    for (const [index, spec] of options.wines.entries()) {
      const name = spec.name ?? `Wine ${index + 1}`;
      const [wine] = await db
        .insert(wines)
        .values({ tenantId, name: `${name} ${suffix}`, vintage: spec.vintage ?? 2021, sizeMl: spec.sizeMl ?? 750 })
        .returning();
      const [row] = await db
        .insert(offeringWines)
        .values({ tenantId, offeringId: offering.id, wineId: wine!.id, priceCents: spec.priceCents ?? 10_000, sortOrder: index })
        .returning();
      await db.insert(stock).values({ tenantId, offeringWineId: row!.id, locationId: cellar!.id, quantity: spec.stock ?? 100 });
      if (spec.roomStock !== undefined) {
        await db.insert(stock).values({ tenantId, offeringWineId: row!.id, locationId: room!.id, quantity: spec.roomStock });
      }
      offered.push({ id: row!.id, wineId: wine!.id, name: wine!.name, vintage: wine!.vintage, sizeMl: wine!.sizeMl, priceCents: row!.priceCents, label: `${wine!.name} ${wine!.vintage}` });
    }
    if (options.combinations) {
      await db.update(offerings).set({ combinations: options.combinations(offered.map((w) => w.id)) }).where(eq(offerings.id, offering.id));
    }
    return { offering, wines: offered };
  }

  /** A member signed in, with limits in the offering, a Californian address and a saved card. */
  async function createMember(
    offeringId: string,
    limits: Record<string, LimitSpec>,
    options: { orderMinimumCents?: number | null; address?: Partial<Parameters<TestApp['createAddress']>[0]> } = {},
  ) {
    const customer = await t.createCustomer();
    const allocation = await t.createAllocation({ offeringId, customerId: customer.id, orderMinimumCents: options.orderMinimumCents ?? null });
    const entries = Object.entries(limits);
    if (entries.length > 0) {
      await db.insert(allocationLines).values(
        entries.map(([offeringWineId, limit]) => ({ tenantId, allocationId: allocation.id, offeringWineId, minimum: limit.minimum ?? 0, maximum: limit.maximum })),
      );
    }
    const address = await t.createAddress({ customerId: customer.id, isDefaultShipping: true, isDefaultBilling: true, ...options.address });
    const card = await t.createCard({ customerId: customer.id, preferred: true });
    const token = await t.signIn(customer.email);
    return { customer, allocation, address, card, token };
  }

  async function stockOf(offeringWineId: string, locationId = cellar!.id): Promise<number | undefined> {
    const [row] = await db
      .select({ quantity: stock.quantity })
      .from(stock)
      .where(and(eq(stock.offeringWineId, offeringWineId), eq(stock.locationId, locationId)));
    return row?.quantity;
  }

  return {
    cellar: cellar!,
    room: room!,
    /** A location that is neither a pick-up point nor a shipping one. */
    closedStore: closedStore!,
    createOpenOffering,
    createMember,
    stockOf,
    newKey: () => randomUUID(),
  };
}

export type OrderingFixtures = Awaited<ReturnType<typeof createOrderingFixtures>>;

/**
 * On PostgreSQL the test database is dropped (WITH (FORCE)) as soon as the pool has asked its
 * connections to close; one the server kills first comes back as a pool 'error', which without a
 * listener is an uncaught exception that fails the run although every test passed. These files
 * fill the whole pool (concurrent orders), so they meet it most. The pool itself should have a
 * listener (db/client.ts); until it does, the test files that fill it add one before closing.
 */
export function ignoreDroppedConnections(t: TestApp | undefined): void {
  const client = (t?.db as unknown as { $client?: { on?: unknown } } | undefined)?.$client;
  if (client && typeof client.on === 'function') (client.on as (event: string, listener: () => void) => void).call(client, 'error', () => undefined);
}
