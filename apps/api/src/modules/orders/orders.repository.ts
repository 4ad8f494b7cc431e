import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocations, offerings, orders } from '../../db/schema/index.js';

export function createOrdersRepository(db: Database) {
  return {
    /** Newest first, with the name of the offering each order answered (null when it has none). */
    async listForCustomer(tenantId: string, customerId: string) {
      return db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          totalCents: orders.totalCents,
          placedAt: orders.placedAt,
          offeringName: offerings.name,
        })
        .from(orders)
        .leftJoin(allocations, and(eq(allocations.id, orders.allocationId), eq(allocations.tenantId, orders.tenantId)))
        .leftJoin(offerings, and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, allocations.tenantId)))
        .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId)))
        .orderBy(desc(orders.placedAt), desc(orders.number));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
