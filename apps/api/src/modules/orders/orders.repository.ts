import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { OrderReference } from '@winery/domain';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { allocations, carts, customers, inventoryLocations, offerings, orderLines, orders, stock } from '../../db/schema/index.js';
import { cartQueries } from '../cart/cart.repository.js';
import { createPricingRepository } from '../cart/pricing.repository.js';
import { createCardsRepository } from '../cards/cards.repository.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'tenantId'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId' | 'tenantId'>;

/**
 * Order numbers are "AE-" and eight random digits. Random rather than max+1: every order of a
 * release would otherwise queue for the same "highest number" (and a counter needs a table or a
 * sequence the schema does not have). A number is drawn until no order has it (freeOrderNumber),
 * before the order is written, so the receipt can name it; the unique index (tenant, number) is
 * the arbiter for two orders drawing the same one at once. They also do not tell anyone how many
 * orders a producer takes.
 */
const drawOrderNumber = () => `AE-${randomInt(10_000_000, 100_000_000)}`;
const NUMBER_DRAWS = 8;
const AUTHORIZATION_LOOKUP_CHUNK = 1_000;

function orderQueries(db: Database) {
  return {
    ...cartQueries(db),

    async findIdByIdempotencyKey(tenantId: string, customerId: string, idempotencyKey: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId), eq(orders.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row?.id;
    },

    /**
     * Takes `quantity` bottles if, and only if, that many are left: one conditional UPDATE.
     * Two orders for the last bottles queue on the row; the second re-reads the quantity after the
     * first commits, so stock never goes below zero (the check constraint backs this up).
     */
    async takeStock(tenantId: string, offeringWineId: string, locationId: string, quantity: number): Promise<boolean> {
      const rows = await db
        .update(stock)
        .set({ quantity: sql`${stock.quantity} - ${quantity}` })
        .where(
          and(
            eq(stock.tenantId, tenantId),
            eq(stock.offeringWineId, offeringWineId),
            eq(stock.locationId, locationId),
            gte(stock.quantity, quantity),
          ),
        )
        .returning({ quantity: stock.quantity });
      return rows.length > 0;
    },

    /**
     * A number no order of the tenant has yet, drawn before the order is written so its receipt
     * can be rendered before the stock rows are locked. Two orders drawing the same one between
     * this look-up and their inserts (about one in ten million per pair at once) is refused by the
     * unique index, and that order is refused as a whole (insertOrder with `number`).
     */
    async freeOrderNumber(tenantId: string): Promise<string> {
      for (let draw = 0; draw < NUMBER_DRAWS; draw += 1) {
        const number = drawOrderNumber();
        const [taken] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.tenantId, tenantId), eq(orders.number, number)))
          .limit(1);
        if (!taken) return number;
      }
      throw new Error(`no free order number after ${NUMBER_DRAWS} draws`);
    },

    /** Writes the order under `number` (freeOrderNumber), or answers undefined if another order took it meanwhile. */
    async insertOrder(tenantId: string, values: NewOrder, number: string): Promise<OrderRow | undefined> {
      // DO NOTHING on a number clash only; any other conflict (the idempotency key) still raises.
      const [row] = await db.insert(orders).values({ ...values, tenantId, number }).onConflictDoNothing({ target: [orders.tenantId, orders.number] }).returning();
      return row;
    },

    /** Whether an order was written with this authorisation (any tenant: authorisation ids are the gateway's, unique). */
    async hasOrderWithAuthorization(authorizationId: string): Promise<boolean> {
      const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.authorizationId, authorizationId)).limit(1);
      return rows.length > 0;
    },

    /**
     * The order a new one adds to (ADR 017): the member's first order of the allocation that is not
     * cancelled. Read after the allocation is locked, so two orders at once cannot both be "first".
     */
    async firstOrderOf(tenantId: string, customerId: string, allocationId: string): Promise<OrderReference | undefined> {
      const [row] = await db
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId), eq(orders.allocationId, allocationId), ne(orders.status, 'cancelled')))
        .orderBy(asc(orders.placedAt), asc(orders.number))
        .limit(1);
      return row;
    },

    /** An ordered cart is gone: the member's next visit starts from an empty choice (and may add bottles). */
    async deleteCart(tenantId: string, cartId: string): Promise<void> {
      await db.delete(carts).where(and(eq(carts.tenantId, tenantId), eq(carts.id, cartId)));
    },

    async insertLines(tenantId: string, orderId: string, lines: NewOrderLine[]): Promise<OrderLineRow[]> {
      return db
        .insert(orderLines)
        .values(lines.map((line) => ({ ...line, tenantId, orderId })))
        .returning();
    },

    /** Whom an order's e-mails go to. */
    async findMemberContact(tenantId: string, customerId: string): Promise<{ firstName: string; email: string } | undefined> {
      const [row] = await db
        .select({ firstName: customers.firstName, email: customers.email })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .limit(1);
      return row;
    },

    /** A card the member chose to save while ordering; written with the order, or not at all. */
    saveCard: (...args: Parameters<ReturnType<typeof createCardsRepository>['insert']>) => createCardsRepository(db).insert(...args),
    countCards: (tenantId: string, customerId: string) => createCardsRepository(db).countForCustomer(tenantId, customerId),
    findCard: (tenantId: string, cardId: string) => createCardsRepository(db).findById(tenantId, cardId),
    findAddress: (tenantId: string, addressId: string) => createPricingRepository(db).findAddress(tenantId, addressId),
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;

export function createOrdersRepository(db: Database) {
  return {
    ...orderQueries(db),

    /**
     * Runs `work` in one transaction: everything it writes is kept, or none of it. `tx` is for
     * what other areas write in the same transaction (the order's e-mail).
     */
    transaction<T>(work: (queries: OrderQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(orderQueries(tx), tx));
    },

    /** Which of these authorisations orders were written with. */
    async authorizationsOnOrders(authorizationIds: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < authorizationIds.length; start += AUTHORIZATION_LOOKUP_CHUNK) {
        const rows = await db
          .select({ authorizationId: orders.authorizationId })
          .from(orders)
          .where(inArray(orders.authorizationId, authorizationIds.slice(start, start + AUTHORIZATION_LOOKUP_CHUNK)));
        for (const row of rows) if (row.authorizationId) found.add(row.authorizationId);
      }
      return found;
    },

    /** Newest first, with the name of the offering each order answered (null when it has none). */
    async listForCustomer(tenantId: string, customerId: string) {
      const first = alias(orders, 'first_order');
      return db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          totalCents: orders.totalCents,
          placedAt: orders.placedAt,
          offeringName: offerings.name,
          // Where the order is now (issue 14): the member's page shows what staff set.
          fulfilmentStatus: orders.fulfilmentStatus,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
          deliveryMethod: orders.deliveryMethod,
          shippingAddress: orders.shippingAddress,
          processingAt: orders.processingAt,
          shippedAt: orders.shippedAt,
          readyForPickupAt: orders.readyForPickupAt,
          pickedUpAt: orders.pickedUpAt,
          cancelledAt: orders.cancelledAt,
          pickup: { name: inventoryLocations.name, address: inventoryLocations.address, hours: inventoryLocations.hours },
          addsToId: first.id,
          addsToNumber: first.number,
        })
        .from(orders)
        .leftJoin(allocations, and(eq(allocations.id, orders.allocationId), eq(allocations.tenantId, orders.tenantId)))
        .leftJoin(offerings, and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, allocations.tenantId)))
        .leftJoin(inventoryLocations, and(eq(inventoryLocations.id, orders.pickupLocationId), eq(inventoryLocations.tenantId, orders.tenantId)))
        .leftJoin(first, and(eq(first.id, orders.addsToOrderId), eq(first.tenantId, orders.tenantId), eq(first.customerId, orders.customerId)))
        .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId)))
        .orderBy(desc(orders.placedAt), desc(orders.number));
    },

    /** The orders an order is linked to: the one it adds to, and (a first order) its additions, oldest first. */
    async linksOf(tenantId: string, order: Pick<OrderRow, 'id' | 'customerId' | 'addsToOrderId'>): Promise<{ addsTo: OrderReference | null; additions: OrderReference[] }> {
      const ofMember = and(eq(orders.tenantId, tenantId), eq(orders.customerId, order.customerId));
      const [addsTo] = order.addsToOrderId
        ? await db.select({ id: orders.id, number: orders.number }).from(orders).where(and(ofMember, eq(orders.id, order.addsToOrderId))).limit(1)
        : [];
      const additions = await db
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(and(ofMember, eq(orders.addsToOrderId, order.id)))
        .orderBy(asc(orders.placedAt), asc(orders.number));
      return { addsTo: addsTo ?? null, additions };
    },

    /** Any member's order of this tenant, with its offering's name and its lines: the service checks whose it is. */
    async findWithLines(
      tenantId: string,
      orderId: string,
    ): Promise<{ order: OrderRow; offeringName: string | null; lines: OrderLineRow[]; pickup: { name: string; address: string; hours: string } | null } | undefined> {
      const [found] = await db
        .select({ order: orders, offeringName: offerings.name, pickup: { name: inventoryLocations.name, address: inventoryLocations.address, hours: inventoryLocations.hours } })
        .from(orders)
        .leftJoin(allocations, and(eq(allocations.id, orders.allocationId), eq(allocations.tenantId, orders.tenantId)))
        .leftJoin(offerings, and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, allocations.tenantId)))
        .leftJoin(inventoryLocations, and(eq(inventoryLocations.id, orders.pickupLocationId), eq(inventoryLocations.tenantId, orders.tenantId)))
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
        .limit(1);
      if (!found) return undefined;
      const lines = await db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, orderId)));
      return { order: found.order, offeringName: found.offeringName ?? null, lines, pickup: found.pickup };
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
