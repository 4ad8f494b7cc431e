import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  allocationLines,
  allocations,
  inventoryLocations,
  offeringWines,
  offerings,
  orderLines,
  orders,
  shippingNotices,
  stock,
  wines,
  wishes,
} from '../../db/schema/index.js';
import { allocationWindows } from '../allocations/allocation-windows.js';
import { wineImageVariantsColumn } from '../wine-images/wine-image-view.js';

export function createOfferingsRepository(db: Database) {
  return {
    /** The member's allocation with its published offering; undefined when it is not theirs, a draft's, or does not exist. */
    async findAllocation(tenantId: string, customerId: string, allocationId: string) {
      const [row] = await db
        .select({
          allocationId: allocations.id,
          allocationMetaData: allocations.metaData,
          allocationOrderMinimumCents: allocations.orderMinimumCents,
          offering: offerings,
          /** The member's own window (their tier's opening and close), which their pages and wishes follow. */
          window: { opensAt: allocationWindows.opensAt, closesAt: allocationWindows.closesAt },
        })
        .from(allocations)
        .innerJoin(
          offerings,
          and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, allocations.tenantId), eq(offerings.status, 'published')),
        )
        .innerJoin(allocationWindows, eq(allocationWindows.allocationId, allocations.id))
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.customerId, customerId), eq(allocations.id, allocationId)))
        .limit(1);
      return row;
    },

    /**
     * The wines this member may order (those with an allocation line), their limits, the bottles
     * left over all locations beyond other members' live holds at `at` (the member's own hold
     * counts as theirs: issue 17), the bottles their orders of the allocation hold (cancelled ones
     * gave theirs back) and the member's wish, in the offering's order.
     */
    async memberWines(tenantId: string, allocationId: string, at: Date) {
      return db
        .select({
          id: offeringWines.id,
          name: wines.name,
          vintage: wines.vintage,
          sizeMl: wines.sizeMl,
          description: wines.description,
          priceCents: offeringWines.priceCents,
          minimum: allocationLines.minimum,
          maximum: allocationLines.maximum,
          bottlesLeft: sql<number>`(
            select coalesce(sum(greatest(${stock.quantity} - held_by_others(${stock.offeringWineId}, ${stock.locationId}, ${allocationLines.allocationId}, ${at.toISOString()}::timestamptz), 0)), 0)
            from ${stock}
            where ${stock.tenantId} = ${tenantId} and ${stock.offeringWineId} = ${offeringWines.id})`.mapWith(Number),
          ordered: sql<number>`(
            select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines}
            join ${orders} on ${orders.id} = ${orderLines.orderId}
            where ${orders.tenantId} = ${tenantId} and ${orders.allocationId} = ${allocationLines.allocationId}
              and ${orders.status} <> 'cancelled' and ${orderLines.offeringWineId} = ${allocationLines.offeringWineId})`.mapWith(Number),
          wishQuantity: wishes.quantity,
          wishStatus: wishes.status,
          wineId: wines.id,
          imageVariants: wineImageVariantsColumn(),
        })
        .from(allocationLines)
        .innerJoin(
          offeringWines,
          and(eq(offeringWines.id, allocationLines.offeringWineId), eq(offeringWines.tenantId, allocationLines.tenantId)),
        )
        .innerJoin(wines, and(eq(wines.id, offeringWines.wineId), eq(wines.tenantId, offeringWines.tenantId)))
        .leftJoin(
          wishes,
          and(eq(wishes.allocationId, allocationLines.allocationId), eq(wishes.offeringWineId, allocationLines.offeringWineId)),
        )
        .where(and(eq(allocationLines.tenantId, tenantId), eq(allocationLines.allocationId, allocationId)))
        .orderBy(asc(offeringWines.sortOrder), asc(wines.name), asc(wines.vintage), asc(wines.sizeMl));
    },

    async pickupLocations(tenantId: string) {
      return db
        .select({
          id: inventoryLocations.id,
          name: inventoryLocations.name,
          address: inventoryLocations.address,
          hours: inventoryLocations.hours,
        })
        .from(inventoryLocations)
        .where(and(eq(inventoryLocations.tenantId, tenantId), eq(inventoryLocations.pickup, true)))
        .orderBy(asc(inventoryLocations.sortOrder), asc(inventoryLocations.name));
    },

    async shippingNotices(tenantId: string) {
      return db
        .select({ countryCode: shippingNotices.countryCode, text: shippingNotices.text })
        .from(shippingNotices)
        .where(eq(shippingNotices.tenantId, tenantId))
        .orderBy(asc(shippingNotices.countryCode));
    },

    async hasAllocationLine(tenantId: string, allocationId: string, offeringWineId: string): Promise<boolean> {
      const rows = await db
        .select({ maximum: allocationLines.maximum })
        .from(allocationLines)
        .where(
          and(
            eq(allocationLines.tenantId, tenantId),
            eq(allocationLines.allocationId, allocationId),
            eq(allocationLines.offeringWineId, offeringWineId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Records the member's wish, or replaces its quantity while it still waits for an answer.
     * Undefined when staff have already answered it (the row is left alone). One statement, so
     * two requests at once cannot make two wishes.
     */
    async upsertWish(input: { tenantId: string; allocationId: string; offeringWineId: string; quantity: number; at: Date }) {
      const { at, ...values } = input;
      const [row] = await db
        .insert(wishes)
        .values({ ...values, createdAt: at })
        .onConflictDoUpdate({
          target: [wishes.allocationId, wishes.offeringWineId],
          set: { quantity: input.quantity },
          setWhere: eq(wishes.status, 'requested'),
        })
        .returning({
          offeringWineId: wishes.offeringWineId,
          quantity: wishes.quantity,
          status: wishes.status,
          // xmax is 0 only on a row this statement inserted, not on one it updated.
          created: sql<boolean>`(xmax = 0)`,
        });
      return row;
    },
  };
}

export type OfferingsRepository = ReturnType<typeof createOfferingsRepository>;
