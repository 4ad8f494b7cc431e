import { randomUUID } from 'node:crypto';
import { DAY_MS, type RateTables } from '@winery/domain';
import type { DemoTierKey, GeneratedMember } from './demo-members.js';
import { buildOrder, choosePicks, earlyMoment, type DemoLocation, type OfferedWine, type OrderFate } from './demo-orders.js';
import type { DemoRandom } from './demo-random.js';

export type WineFamily = 'melbury' | 'pluribus' | 'quella' | 'stEden' | 'vecina' | 'magnum' | 'orsola';

/** Each tier's limits per wine: the senior tiers may take more, and the rare wines at all. */
export const TIER_LIMITS: Record<DemoTierKey, Partial<Record<WineFamily, { minimum: number; maximum: number }>>> = {
  founder: {
    melbury: { minimum: 0, maximum: 6 },
    pluribus: { minimum: 0, maximum: 6 },
    quella: { minimum: 0, maximum: 3 },
    stEden: { minimum: 0, maximum: 6 },
    vecina: { minimum: 0, maximum: 12 },
    magnum: { minimum: 0, maximum: 1 },
    orsola: { minimum: 0, maximum: 2 },
  },
  cellar: {
    melbury: { minimum: 0, maximum: 4 },
    pluribus: { minimum: 0, maximum: 6 },
    quella: { minimum: 0, maximum: 2 },
    stEden: { minimum: 0, maximum: 4 },
    vecina: { minimum: 0, maximum: 6 },
    orsola: { minimum: 0, maximum: 1 },
  },
  allocation: {
    melbury: { minimum: 0, maximum: 2 },
    pluribus: { minimum: 0, maximum: 3 },
    stEden: { minimum: 0, maximum: 3 },
    vecina: { minimum: 0, maximum: 6 },
  },
};

export interface SeasonWine {
  family: WineFamily;
  wine: OfferedWine;
  /** Whether the demo's orders take it (not the magnum, with its combination rule, nor a wine without stock). */
  orderable: boolean;
}

export interface SeasonInput {
  tenantId: string;
  offeringId: string;
  orderMinimumCents: number;
  wines: readonly SeasonWine[];
  /** The members allocated, and which of them order. */
  members: readonly GeneratedMember[];
  orders: ReadonlySet<string>;
  /** Orders are placed between these moments. */
  from: Date;
  until: Date;
  closesAt: Date;
  fate: (memberId: string, pickup: boolean) => OrderFate;
  locations: { cellarDoor: DemoLocation; tastingRoom: DemoLocation };
  tables: RateTables;
  nextNumber: () => string;
}

/**
 * An offering's allocations (each member's limits by tier) and the orders of those who ordered,
 * ready to insert; `sold` counts the bottles each order took from each location's stock
 * (cancelled orders gave theirs back).
 */
export function planSeason(random: DemoRandom, input: SeasonInput) {
  const { tenantId, offeringId, locations } = input;
  const allocations: Array<{ id: string; tenantId: string; offeringId: string; customerId: string; createdAt: Date }> = [];
  const allocationLines: Array<{ tenantId: string; allocationId: string; offeringWineId: string; minimum: number; maximum: number }> = [];
  const orders: Array<NonNullable<ReturnType<typeof buildOrder>>['order']> = [];
  const orderLines: Array<NonNullable<ReturnType<typeof buildOrder>>['lines'][number]> = [];
  const sold = new Map<string, number>();
  const allocationOf = new Map<string, string>();

  for (const member of input.members) {
    const allocationId = randomUUID();
    allocationOf.set(member.id, allocationId);
    allocations.push({ id: allocationId, tenantId, offeringId, customerId: member.id, createdAt: new Date(input.from.getTime() - 7 * DAY_MS) });
    const limits = TIER_LIMITS[member.tier];
    const allowed: Array<{ wine: OfferedWine; maximum: number }> = [];
    for (const entry of input.wines) {
      const limit = limits[entry.family];
      if (!limit) continue;
      allocationLines.push({ tenantId, allocationId, offeringWineId: entry.wine.id, ...limit });
      if (entry.orderable) allowed.push({ wine: entry.wine, maximum: limit.maximum });
    }
    if (!input.orders.has(member.id)) continue;

    const picks = choosePicks(random, allowed, input.orderMinimumCents, member.tier !== 'allocation');
    if (!picks) continue;
    const local = member.address.countryCode === 'US' && member.address.stateCode === 'CA';
    const wantsPickup = random.chance(local ? 0.3 : 0.03);
    const nearest = local && random.chance(0.4) ? locations.tastingRoom : locations.cellarDoor;
    const base = {
      tenantId,
      id: randomUUID(),
      number: input.nextNumber(),
      customerId: member.id,
      allocationId,
      address: member.address,
      picks,
      shipsFrom: locations.cellarDoor,
      tables: input.tables,
      placedAt: earlyMoment(random, input.from, input.until),
      closesAt: input.closesAt,
    };
    // Where wine cannot be posted (Utah), the member collects it at the cellar door.
    const built =
      (wantsPickup ? null : buildOrder(random, { ...base, pickup: null, fate: input.fate(member.id, false) })) ??
      buildOrder(random, { ...base, pickup: wantsPickup ? nearest : locations.cellarDoor, fate: input.fate(member.id, true) });
    if (!built) continue;
    orders.push(built.order);
    orderLines.push(...built.lines);
    if (built.order.fulfilmentStatus === 'cancelled') continue;
    for (const line of built.lines) {
      const key = `${line.offeringWineId}|${line.locationId}`;
      sold.set(key, (sold.get(key) ?? 0) + line.quantity);
    }
  }
  return { allocations, allocationLines, orders, orderLines, sold, allocationOf };
}

export type SeasonPlan = ReturnType<typeof planSeason>;
