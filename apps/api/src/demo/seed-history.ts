import { randomUUID } from 'node:crypto';
import { DAY_MS, type RateTables } from '@winery/domain';
import type { Database } from '../db/database.js';
import { allocationLines, allocations, offeringWines, offerings, orderLines, orders, stock, wines, wishes } from '../db/schema/index.js';
import type { GeneratedMember } from './demo-members.js';
import { insertMany } from './demo-insert.js';
import { orderNumbers, type DemoLocation, type OrderFate } from './demo-orders.js';
import { createRandom, type DemoRandom } from './demo-random.js';
import { planSeason, type SeasonPlan } from './demo-season.js';
import { PAST_RELEASES, pastNotes } from './seed-history-content.js';
import { season } from './seed-offerings.js';

/** The share of each tier's members who order in a release: about 70 % in all. */
export const TAKE_UP = { founder: 0.88, cellar: 0.74, allocation: 0.62 } as const;

export interface DemoContext {
  tenantId: string;
  now: Date;
  /** When the current release opened. */
  currentStart: Date;
  members: readonly GeneratedMember[];
  locations: { cellarDoor: DemoLocation; tastingRoom: DemoLocation };
  tables: RateTables;
  random: DemoRandom;
  nextNumber: () => string;
}

export function createDemoContext(input: Omit<DemoContext, 'random' | 'nextNumber'>): DemoContext {
  const random = createRandom(0x05ea_5011);
  return { ...input, random, nextNumber: orderNumbers(random) };
}

/**
 * The two releases before the current one, closed and published: their wines at their prices,
 * allocations for most members who had joined by then, the orders of about 70 % of them (shipped
 * with a carrier and tracking number or picked up, a couple cancelled and voided, a few still
 * waiting at a pick-up point from the latest), the stock left, and wishes staff decided.
 */
export async function seedPastReleases(tx: Database, context: DemoContext): Promise<void> {
  const { tenantId, random } = context;
  for (const [index, release] of PAST_RELEASES.entries()) {
    const startDate = new Date(context.currentStart.getTime() - release.daysBefore * DAY_MS);
    const endDate = new Date(startDate.getTime() + 30 * DAY_MS);
    const name = `${season(startDate)} ${startDate.getUTCFullYear()} Release`;
    const offeringId = randomUUID();
    await tx.insert(offerings).values({
      id: offeringId,
      tenantId,
      name,
      slug: name.toLowerCase().replaceAll(' ', '-'),
      startDate,
      endDate,
      metaData: { 'show-vintage-notes': true },
      letter: release.letter,
      vintageNotes: pastNotes(release),
      orderMinimumCents: release.orderMinimumCents,
      createdAt: new Date(startDate.getTime() - 21 * DAY_MS),
      updatedAt: new Date(startDate.getTime() - 7 * DAY_MS),
    });
    const wineRows = release.wines.map((entry) => ({ id: randomUUID(), tenantId, name: entry.name, vintage: entry.vintage, sizeMl: entry.sizeMl, description: entry.note, priceCents: entry.priceCents }));
    await tx.insert(wines).values(wineRows);
    const offered = release.wines.map((entry, sortOrder) => ({
      family: entry.family,
      orderable: true,
      wine: { id: randomUUID(), name: entry.name, vintage: entry.vintage, sizeMl: entry.sizeMl, priceCents: entry.priceCents },
      sortOrder,
      wineId: wineRows[sortOrder]!.id,
    }));
    await tx
      .insert(offeringWines)
      .values(offered.map((entry) => ({ id: entry.wine.id, tenantId, offeringId, wineId: entry.wineId, priceCents: entry.wine.priceCents, sortOrder: entry.sortOrder })));

    const joinedBy = startDate.toISOString().slice(0, 10);
    const allocated = context.members.filter((member) => member.memberSince <= joinedBy && random.chance(0.92));
    const ordering = allocated.filter((member) => random.chance(TAKE_UP[member.tier]));
    const cancelled = new Set(random.shuffle(ordering).slice(0, 2).map((member) => member.id));
    const latest = index === PAST_RELEASES.length - 1;
    const fate = (memberId: string, pickup: boolean): OrderFate =>
      cancelled.has(memberId) ? 'cancelled' : latest && pickup && random.chance(0.2) ? 'awaitingPickup' : 'delivered';

    const plan = planSeason(random, {
      tenantId,
      offeringId,
      orderMinimumCents: release.orderMinimumCents,
      wines: offered,
      members: allocated,
      orders: new Set(ordering.map((member) => member.id)),
      from: startDate,
      until: endDate,
      closesAt: endDate,
      fate,
      locations: context.locations,
      tables: context.tables,
      nextNumber: context.nextNumber,
    });
    const decided = decidedWishes(random, plan, offered.filter((entry) => ['melbury', 'quella', 'orsola'].includes(entry.family)).map((entry) => entry.wine.id), endDate);
    await insertPlan(tx, plan);
    await insertMany(tx, wishes, decided);
    // What is left after the orders: a few bottles here and there, some wines sold out.
    await insertMany(
      tx,
      stock,
      offered.flatMap((entry) => [
        { tenantId, offeringWineId: entry.wine.id, locationId: context.locations.cellarDoor.id, quantity: random.chance(0.3) ? 0 : random.int(1, 18) },
        { tenantId, offeringWineId: entry.wine.id, locationId: context.locations.tastingRoom.id, quantity: random.int(0, 6) },
      ]),
    );
  }
}

/** Inserts a season's allocations, their lines, orders and order lines. */
export async function insertPlan(tx: Database, plan: SeasonPlan) {
  await insertMany(tx, allocations, plan.allocations);
  await insertMany(tx, allocationLines, plan.allocationLines);
  await insertMany(tx, orders, plan.orders);
  await insertMany(tx, orderLines, plan.orderLines);
}

/**
 * Six wishes staff answered in a past release, four granted and two declined; a granted wish
 * raised the member's maximum, as granting does.
 */
function decidedWishes(random: DemoRandom, plan: SeasonPlan, rareWines: readonly string[], decidedAt: Date) {
  const candidates = random.shuffle(plan.allocationLines.filter((line) => rareWines.includes(line.offeringWineId) && line.maximum >= 2));
  const seen = new Set<string>();
  const chosen = candidates.filter((line) => !seen.has(line.allocationId) && seen.add(line.allocationId)).slice(0, 6);
  return chosen.map((line, index) => {
    const quantity = random.int(1, 3);
    const granted = index < 4;
    if (granted) line.maximum += quantity;
    return {
      tenantId: line.tenantId,
      allocationId: line.allocationId,
      offeringWineId: line.offeringWineId,
      quantity,
      status: granted ? ('granted' as const) : ('declined' as const),
      grantedQuantity: granted ? quantity : null,
      createdAt: new Date(decidedAt.getTime() - random.int(5, 25) * DAY_MS),
      decidedAt: new Date(decidedAt.getTime() - random.int(0, 4) * DAY_MS),
    };
  });
}
