import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocations, offerings, orders } from '../../db/schema/index.js';
import { allocationWindows } from './allocation-windows.js';

export function createAllocationsRepository(db: Database) {
  return {
    async listForCustomer(tenantId: string, customerId: string) {
      return db
        .select({
          id: allocations.id,
          name: offerings.name,
          // The member's own window (their tier's opening and close), not the offering's.
          startDate: allocationWindows.opensAt,
          endDate: allocationWindows.closesAt,
        })
        .from(allocations)
        .innerJoin(
          offerings,
          and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, allocations.tenantId), eq(offerings.status, 'published')),
        )
        .innerJoin(allocationWindows, eq(allocationWindows.allocationId, allocations.id))
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.customerId, customerId)));
    },

    async findForCustomer(tenantId: string, customerId: string, allocationId: string) {
      const [row] = await db
        .select({
          id: allocations.id,
          startDate: allocationWindows.opensAt,
          endDate: allocationWindows.closesAt,
          offeringMetaData: offerings.metaData,
          allocationMetaData: allocations.metaData,
          admissionPerMinute: offerings.admissionPerMinute,
          holdMinutes: offerings.holdMinutes,
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

    async pendingOrders(tenantId: string, customerId: string, allocationId: string) {
      return db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          totalCents: orders.totalCents,
          placedAt: orders.placedAt,
        })
        .from(orders)
        .where(
          and(
            eq(orders.tenantId, tenantId),
            eq(orders.customerId, customerId),
            eq(orders.allocationId, allocationId),
            eq(orders.status, 'pending'),
          ),
        )
        .orderBy(asc(orders.placedAt));
    },
  };
}

export type AllocationsRepository = ReturnType<typeof createAllocationsRepository>;
