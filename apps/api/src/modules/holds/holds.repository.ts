import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocations, inventoryLocations, offerings, stockHolds, type OfferingCombination } from '../../db/schema/index.js';
import { allocationWindows } from '../allocations/allocation-windows.js';
import { cartQueries } from '../cart/cart.repository.js';

/** A member's allocation with what decides whether, how long and how much they may hold. */
export interface HoldAllocation {
  allocationId: string;
  offeringId: string;
  /** The member's own window (their tier's opening and close, else the offering's). */
  opensAt: Date;
  closesAt: Date;
  cancelledAt: Date | null;
  /** Null: the offering holds nothing. */
  holdMinutes: number | null;
  orderMinimumCents: number;
  combinations: OfferingCombination[];
}

export interface LiveHold {
  expiresAt: Date;
  locationId: string;
  lines: Array<{ wineId: string; quantity: number }>;
}

/** What stock_hold_place (migration 0013) answers: held, or the wines that are short and what is free of each. */
export type PlaceResult = { held: true } | { held: false; short: Array<{ offeringWineId: string; available: number }> };

/** The first row of a raw statement's answer: node-postgres and PGlite both answer `{ rows }`. */
const firstRow = <T>(result: unknown): T => (result as { rows: T[] }).rows[0]!;

function holdQueries(db: Database) {
  return {
    /** The member's own allocation only: someone else's answers like one that does not exist. */
    async findAllocation(tenantId: string, customerId: string, allocationId: string): Promise<HoldAllocation | undefined> {
      const [row] = await db
        .select({
          allocationId: allocations.id,
          offeringId: offerings.id,
          opensAt: allocationWindows.opensAt,
          closesAt: allocationWindows.closesAt,
          cancelledAt: offerings.cancelledAt,
          holdMinutes: offerings.holdMinutes,
          allocationMinimum: allocations.orderMinimumCents,
          offeringMinimum: offerings.orderMinimumCents,
          combinations: offerings.combinations,
        })
        .from(allocations)
        .innerJoin(
          offerings,
          and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, allocations.tenantId), eq(offerings.status, 'published')),
        )
        .innerJoin(allocationWindows, eq(allocationWindows.allocationId, allocations.id))
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.customerId, customerId), eq(allocations.id, allocationId)))
        .limit(1);
      if (!row) return undefined;
      const { allocationMinimum, offeringMinimum, ...rest } = row;
      return { ...rest, opensAt: new Date(rest.opensAt), closesAt: new Date(rest.closesAt), orderMinimumCents: allocationMinimum ?? offeringMinimum };
    },

    /** Where shipped orders take their bottles: the first location that ships, by the winery's order. */
    async shipsFromLocation(tenantId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: inventoryLocations.id })
        .from(inventoryLocations)
        .where(and(eq(inventoryLocations.tenantId, tenantId), eq(inventoryLocations.shipsFrom, true)))
        .orderBy(asc(inventoryLocations.sortOrder), asc(inventoryLocations.id))
        .limit(1);
      return row?.id;
    },

    /** A pick-up location of this tenant (another tenant's, or one that is not for pick-up, is none). */
    async pickupLocation(tenantId: string, locationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: inventoryLocations.id })
        .from(inventoryLocations)
        .where(and(eq(inventoryLocations.tenantId, tenantId), eq(inventoryLocations.id, locationId), eq(inventoryLocations.pickup, true)))
        .limit(1);
      return row?.id;
    },

    /** The member's hold of the allocation that still counts at `now` (not ended, not expired), or none. */
    async liveHold(tenantId: string, allocationId: string, now: Date): Promise<LiveHold | undefined> {
      const rows = await db
        .select({ wineId: stockHolds.offeringWineId, quantity: stockHolds.quantity, expiresAt: stockHolds.expiresAt, locationId: stockHolds.locationId })
        .from(stockHolds)
        .where(and(eq(stockHolds.tenantId, tenantId), eq(stockHolds.allocationId, allocationId), isNull(stockHolds.endedAt), gt(stockHolds.expiresAt, now)))
        .orderBy(asc(stockHolds.offeringWineId));
      const [first] = rows;
      if (!first) return undefined;
      return {
        expiresAt: first.expiresAt,
        locationId: first.locationId,
        lines: rows.map((row) => ({ wineId: row.wineId, quantity: row.quantity })),
      };
    },

    /**
     * Replaces the member's hold with `lines` at `locationId` until `expiresAt`, or takes nothing
     * and names the wines that are short (stock_hold_place: each stock row locked in wine order,
     * other members' live holds read after the lock).
     */
    async place(input: {
      tenantId: string;
      offeringId: string;
      allocationId: string;
      customerId: string;
      locationId: string;
      lines: Array<{ wineId: string; quantity: number }>;
      now: Date;
      expiresAt: Date;
    }): Promise<PlaceResult> {
      const lines = input.lines.map((line) => ({ offering_wine_id: line.wineId, quantity: line.quantity }));
      const result = await db.execute(sql`select stock_hold_place(
        ${input.tenantId}, ${input.offeringId}::uuid, ${input.allocationId}::uuid, ${input.customerId}::uuid, ${input.locationId}::uuid,
        ${JSON.stringify(lines)}::jsonb, ${input.now.toISOString()}::timestamptz, ${input.expiresAt.toISOString()}::timestamptz) as result`);
      const { result: answer } = firstRow<{ result: PlaceResult | string }>(result);
      return typeof answer === 'string' ? (JSON.parse(answer) as PlaceResult) : answer;
    },

    /** Ends whatever hold the member has on the allocation: its bottles are free for others at once. */
    async release(tenantId: string, allocationId: string, now: Date): Promise<void> {
      await db
        .update(stockHolds)
        .set({ endedAt: now, endReason: 'released' })
        .where(and(eq(stockHolds.tenantId, tenantId), eq(stockHolds.allocationId, allocationId), isNull(stockHolds.endedAt)));
    },
  };
}

export type HoldQueries = ReturnType<typeof holdQueries> & Pick<ReturnType<typeof cartQueries>, 'findCartById' | 'lockAllocation' | 'choiceContext'>;

function queries(db: Database): HoldQueries {
  const cart = cartQueries(db);
  return { ...holdQueries(db), findCartById: cart.findCartById, lockAllocation: cart.lockAllocation, choiceContext: cart.choiceContext };
}

export function createHoldsRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction, with the same queries bound to it. */
    transaction<T>(work: (q: HoldQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx)));
    },
  };
}

export type HoldsRepository = ReturnType<typeof createHoldsRepository>;
