import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '@winery/domain';
import type { Database } from '../db/database.js';
import { allocationLines, allocations, inventoryLocations, offeringWines, offerings, orderLines, orders, stock, wines } from '../db/schema/index.js';
import type { DemoLocation } from './demo-orders.js';
import { DEMO_WALLETS } from './demo-producer.js';
import { DEMO_MEMBERS } from './demo-sign-ins.js';
import {
  CURRENT_COMBINATION,
  CURRENT_LETTER,
  CURRENT_NOTES,
  CURRENT_ORDER_MINIMUM_CENTS,
  CURRENT_RELEASE,
  DEMO_LOCATIONS,
  DEMO_ORDER,
  DEMO_WINES,
  LIBRARY_LETTER,
  LIBRARY_NOTES,
  LIBRARY_ORDER_MINIMUM_CENTS,
  LIBRARY_RELEASE,
  type DemoWineKey,
} from './seed-content.js';

export const season = (date: Date) => {
  const month = date.getUTCMonth();
  if (month <= 1 || month === 11) return 'Winter';
  if (month <= 4) return 'Spring';
  if (month <= 7) return 'Summer';
  return 'Autumn';
};

export interface SeededOfferings {
  /** The catalogue wine of each demo wine (the bottle registry numbers them). */
  wineId: (key: DemoWineKey) => string;
  /** The live release: the other members' allocations and orders join it (seed-open-offering.ts). */
  current: { id: string; name: string; startDate: Date; endDate: Date; offered: (key: DemoWineKey) => string };
  locations: { cellarDoor: DemoLocation; tastingRoom: DemoLocation };
}

/**
 * The demo's two offerings (the current release and the closed library offering) with their
 * locations, wines, prices, stock and members' limits, and ordered@'s pending order AE-10001 as
 * placing it would have left it. Dates are relative to `now`, so the demo always has a live offering.
 */
export async function seedOfferings(
  tx: Database,
  input: { tenantId: string; now: Date; memberId: (email: string) => string; orderCard: { brand: string; last4: string } },
): Promise<SeededOfferings> {
  const { tenantId, now, memberId: idOf } = input;
  const currentStart = new Date(now.getTime() - 5 * DAY_MS);
  const currentEnd = new Date(now.getTime() + 25 * DAY_MS);
  const currentName = `${season(currentStart)} ${currentStart.getUTCFullYear()} Release`;
  const [current, earlier] = await tx
    .insert(offerings)
    .values([
      {
        tenantId,
        name: currentName,
        slug: `${season(currentStart).toLowerCase()}-${currentStart.getUTCFullYear()}-release`,
        startDate: currentStart,
        endDate: currentEnd,
        metaData: { 'show-vintage-notes': true },
        letter: CURRENT_LETTER,
        vintageNotes: CURRENT_NOTES,
        orderMinimumCents: CURRENT_ORDER_MINIMUM_CENTS,
      },
      {
        tenantId,
        name: 'Library Wines Offering',
        slug: 'library-wines-offering',
        startDate: new Date(now.getTime() - 40 * DAY_MS),
        endDate: new Date(now.getTime() - 10 * DAY_MS),
        metaData: { 'show-vintage-notes': true },
        letter: LIBRARY_LETTER,
        vintageNotes: LIBRARY_NOTES,
        orderMinimumCents: LIBRARY_ORDER_MINIMUM_CENTS,
      },
    ])
    .returning({ id: offerings.id });

  const placed = await tx
    .insert(allocations)
    .values([
      { tenantId, offeringId: current!.id, customerId: idOf(DEMO_MEMBERS.offering) },
      { tenantId, offeringId: current!.id, customerId: idOf(DEMO_MEMBERS.ordered) },
      { tenantId, offeringId: earlier!.id, customerId: idOf(DEMO_MEMBERS.expired) },
    ])
    .returning({ id: allocations.id, customerId: allocations.customerId });
  const allocationOf = (email: string) => placed.find((a) => a.customerId === idOf(email))!.id;

  const [cellarDoor, tastingRoom] = await tx
    .insert(inventoryLocations)
    .values([DEMO_LOCATIONS.cellarDoor, DEMO_LOCATIONS.tastingRoom].map((location) => ({ ...location, tenantId })))
    .returning({ id: inventoryLocations.id });

  const wineKeys = Object.keys(DEMO_WINES) as DemoWineKey[];
  const wineRows = await tx
    .insert(wines)
    .values(wineKeys.map((key) => ({ ...DEMO_WINES[key], tenantId })))
    .returning({ id: wines.id });
  const wineId = (key: DemoWineKey) => wineRows[wineKeys.indexOf(key)]!.id;

  // The current release: wines at their prices, stock at both locations, both members' limits.
  const currentWines = await tx
    .insert(offeringWines)
    .values(CURRENT_RELEASE.map((entry, index) => ({ tenantId, offeringId: current!.id, wineId: wineId(entry.wine), priceCents: entry.priceCents, sortOrder: index })))
    .returning({ id: offeringWines.id });
  const offered = (key: DemoWineKey) => currentWines[CURRENT_RELEASE.findIndex((entry) => entry.wine === key)]!.id;
  await tx.insert(stock).values(
    CURRENT_RELEASE.flatMap((entry) => [
      { tenantId, offeringWineId: offered(entry.wine), locationId: cellarDoor!.id, quantity: entry.stock.cellarDoor },
      { tenantId, offeringWineId: offered(entry.wine), locationId: tastingRoom!.id, quantity: entry.stock.tastingRoom },
    ]),
  );
  await tx.insert(allocationLines).values(
    CURRENT_RELEASE.flatMap((entry) => [
      { tenantId, allocationId: allocationOf(DEMO_MEMBERS.offering), offeringWineId: offered(entry.wine), ...entry.offering },
      ...(entry.ordered ? [{ tenantId, allocationId: allocationOf(DEMO_MEMBERS.ordered), offeringWineId: offered(entry.wine), ...entry.ordered }] : []),
    ]),
  );
  await tx
    .update(offerings)
    .set({
      combinations: [
        { wineId: offered(CURRENT_COMBINATION.wine), requiresWineId: offered(CURRENT_COMBINATION.requires), quantity: CURRENT_COMBINATION.quantity },
      ],
    })
    .where(eq(offerings.id, current!.id));

  const libraryWines = await tx
    .insert(offeringWines)
    .values(LIBRARY_RELEASE.map((entry, index) => ({ tenantId, offeringId: earlier!.id, wineId: wineId(entry.wine), priceCents: entry.priceCents, sortOrder: index })))
    .returning({ id: offeringWines.id });
  await tx.insert(stock).values(
    LIBRARY_RELEASE.map((entry, index) => ({ tenantId, offeringWineId: libraryWines[index]!.id, locationId: cellarDoor!.id, quantity: entry.stock })),
  );
  await tx.insert(allocationLines).values(
    LIBRARY_RELEASE.map((entry, index) => ({
      tenantId,
      allocationId: allocationOf(DEMO_MEMBERS.expired),
      offeringWineId: libraryWines[index]!.id,
      ...entry.limits,
    })),
  );

  // ordered@'s order, as placing it would have left it: lines, totals, the address and card it used.
  const shippedTo = DEMO_WALLETS.find((wallet) => wallet.email === DEMO_MEMBERS.ordered)!.address;
  const addressCopy = { ...shippedTo, address2: shippedTo.address2 ?? null };
  const [order] = await tx
    .insert(orders)
    .values({
      tenantId,
      customerId: idOf(DEMO_MEMBERS.ordered),
      allocationId: allocationOf(DEMO_MEMBERS.ordered),
      number: 'AE-10001',
      status: 'pending',
      subtotalCents: DEMO_ORDER.subtotalCents,
      shippingCents: DEMO_ORDER.shippingCents,
      taxCents: DEMO_ORDER.taxCents,
      totalCents: DEMO_ORDER.totalCents,
      shippingLabel: 'shipping',
      taxLabel: 'salesTax',
      deliveryMethod: 'shipping',
      shippingAddress: addressCopy,
      billingAddress: addressCopy,
      cardBrand: input.orderCard.brand,
      cardLast4: input.orderCard.last4,
      // Held on the card until the order ships (ADR 025): staff can take it through the console.
      authorizationId: `auth_test_${randomBytes(12).toString('hex')}`,
      placedAt: new Date(now.getTime() - 2 * DAY_MS),
    })
    .returning({ id: orders.id });
  await tx.insert(orderLines).values(
    DEMO_ORDER.lines.map((line) => {
      const entry = CURRENT_RELEASE.find((candidate) => candidate.wine === line.wine)!;
      const wine = DEMO_WINES[line.wine];
      return {
        tenantId,
        orderId: order!.id,
        offeringWineId: offered(line.wine),
        locationId: cellarDoor!.id,
        name: wine.name,
        vintage: wine.vintage,
        sizeMl: wine.sizeMl,
        quantity: line.quantity,
        unitPriceCents: entry.priceCents,
      };
    }),
  );

  const location = (id: string, entry: { countryCode: string; stateCode: string }) => ({ id, countryCode: entry.countryCode, stateCode: entry.stateCode });
  return {
    wineId,
    current: { id: current!.id, name: currentName, startDate: currentStart, endDate: currentEnd, offered },
    locations: { cellarDoor: location(cellarDoor!.id, DEMO_LOCATIONS.cellarDoor), tastingRoom: location(tastingRoom!.id, DEMO_LOCATIONS.tastingRoom) },
  };
}
