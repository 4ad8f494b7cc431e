import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { allocations, customers, inventoryLocations, offerings, orderLines, orders, stock, tenants } from '../../db/schema/index.js';
import { containsFolded } from '../members/member-search.js';

export type OrderRow = typeof orders.$inferSelect;

/** The filters of the order list and export, with days already turned into instants. */
export interface OrderFilter {
  offeringId?: string | undefined;
  status?: OrderRow['fulfilmentStatus'] | undefined;
  deliveryMethod?: OrderRow['deliveryMethod'] | undefined;
  country?: string | undefined;
  state?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
}

/** The sort key of the lists: placed_at to the microsecond (as text, so no precision is lost in a cursor), then id. */
export type OrderKey = readonly [placedAt: string, id: string];

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// A pick-up order's destination is its location's.
const locationOf = (column: typeof inventoryLocations.countryCode | typeof inventoryLocations.stateCode) =>
  sql`(select ${column} from ${inventoryLocations} where ${inventoryLocations.id} = ${orders.pickupLocationId})`;
const countryOf = sql<string | null>`coalesce(${orders.shippingAddress}->>'countryCode', ${locationOf(inventoryLocations.countryCode)})`;
const stateOf = sql<string | null>`coalesce(${orders.shippingAddress}->>'stateCode', ${locationOf(inventoryLocations.stateCode)})`;
const placedKey = sql<string>`to_char(${orders.placedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The filter, on the orders table alone (what it needs of members and allocations as
 * subqueries), so a page of ids is chosen before anything is joined: the joins then meet one page,
 * by primary key, whatever the planner believes about the tables' sizes. (PGlite runs no
 * autovacuum; without statistics a join of members to all orders ran as a nested loop.)
 */
function filterOf(db: Database, tenantId: string, filter: OrderFilter, after: OrderKey | undefined): SQL | undefined {
  const q = filter.q?.trim();
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    eq(orders.tenantId, tenantId),
    filter.offeringId
      ? inArray(orders.allocationId, db.select({ id: allocations.id }).from(allocations).where(and(eq(allocations.tenantId, tenantId), eq(allocations.offeringId, filter.offeringId))))
      : undefined,
    filter.status ? eq(orders.fulfilmentStatus, filter.status) : undefined,
    filter.deliveryMethod ? eq(orders.deliveryMethod, filter.deliveryMethod) : undefined,
    filter.country ? sql`${countryOf} = ${filter.country}` : undefined,
    filter.state ? sql`upper(${stateOf}) = ${filter.state}` : undefined,
    filter.from ? gte(orders.placedAt, filter.from) : undefined,
    filter.to ? lte(orders.placedAt, filter.to) : undefined,
    pattern
      ? or(
          ilike(orders.number, pattern),
          inArray(
            orders.customerId,
            db
              .select({ id: customers.id })
              .from(customers)
              .where(and(eq(customers.tenantId, tenantId), or(ilike(customers.email, pattern), containsFolded(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern)))),
          ),
        )
      : undefined,
    // Newest first: the rows after the cursor are the older ones.
    after ? sql`(${orders.placedAt}, ${orders.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
  );
}

export function createStaffOrdersRepository(db: Database) {
  /**
   * Orders of the filter, newest first, with their member, offering and pick-up place, and (for
   * the list, not the export, which reads the lines themselves) how many bottles each holds.
   */
  const summaries = (tenantId: string, filter: OrderFilter, after: OrderKey | undefined, limit: number, { bottles = true } = {}) => {
    const page = db
      .select({ id: orders.id })
      .from(orders)
      .where(filterOf(db, tenantId, filter, after))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(limit)
      .as('page');
    return db
      .select({
        order: orders,
        placedKey,
        member: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
        offeringId: offerings.id,
        offeringName: offerings.name,
        pickupName: inventoryLocations.name,
        pickupAddress: inventoryLocations.address,
        bottles: bottles
          ? sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`
          : sql<number>`0`,
      })
      .from(page)
      .innerJoin(orders, eq(orders.id, page.id))
      .innerJoin(customers, and(eq(customers.id, orders.customerId), eq(customers.tenantId, orders.tenantId)))
      .leftJoin(allocations, and(eq(allocations.id, orders.allocationId), eq(allocations.tenantId, orders.tenantId)))
      .leftJoin(offerings, and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, orders.tenantId)))
      .leftJoin(inventoryLocations, and(eq(inventoryLocations.id, orders.pickupLocationId), eq(inventoryLocations.tenantId, orders.tenantId)))
      .orderBy(desc(orders.placedAt), desc(orders.id));
  };

  return {
    summaries,

    async timeZone(tenantId: string): Promise<string> {
      const [row] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row?.timeZone ?? 'UTC';
    },

    /** The lines of these orders, with the name of the location their bottles came from. */
    async linesOf(tenantId: string, orderIds: string[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({ line: orderLines, locationName: inventoryLocations.name })
        .from(orderLines)
        .leftJoin(inventoryLocations, eq(inventoryLocations.id, orderLines.locationId))
        .where(and(eq(orderLines.tenantId, tenantId), inArray(orderLines.orderId, orderIds)))
        .orderBy(asc(orderLines.orderId), asc(orderLines.name), asc(orderLines.vintage), asc(orderLines.sizeMl), asc(orderLines.id));
    },

    async detail(tenantId: string, orderId: string) {
      // An addition (ADR 017) names the member's first order it adds to.
      const first = alias(orders, 'first_order');
      const [found] = await db
        .select({
          order: orders,
          member: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone },
          offeringId: offerings.id,
          offeringName: offerings.name,
          pickup: { id: inventoryLocations.id, name: inventoryLocations.name, address: inventoryLocations.address, hours: inventoryLocations.hours },
          addsTo: { id: first.id, number: first.number },
        })
        .from(orders)
        .innerJoin(customers, and(eq(customers.id, orders.customerId), eq(customers.tenantId, orders.tenantId)))
        .leftJoin(allocations, and(eq(allocations.id, orders.allocationId), eq(allocations.tenantId, orders.tenantId)))
        .leftJoin(offerings, and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, orders.tenantId)))
        .leftJoin(inventoryLocations, and(eq(inventoryLocations.id, orders.pickupLocationId), eq(inventoryLocations.tenantId, orders.tenantId)))
        .leftJoin(first, and(eq(first.id, orders.addsToOrderId), eq(first.tenantId, orders.tenantId)))
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
        .limit(1);
      return found;
    },

    /** Runs `work` in one transaction, with the queries it may use; `tx` for the audit entry and the e-mail. */
    transaction<T>(work: (queries: FulfilmentQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(fulfilmentQueries(tx), tx));
    },
  };
}

/** What a status change does inside its transaction. */
function fulfilmentQueries(tx: Database) {
  return {
    /**
     * The order, locked until the transaction ends: two changes of one order (two cancels at
     * once) run one after the other, and the second sees what the first did.
     */
    async lock(tenantId: string, orderId: string): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
        .for('update');
      return row;
    },

    async update(tenantId: string, orderId: string, values: Partial<Omit<OrderRow, 'id' | 'tenantId'>>): Promise<OrderRow> {
      const [row] = await tx
        .update(orders)
        .set(values)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
        .returning();
      return row!;
    },

    async lines(tenantId: string, orderId: string) {
      return tx
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, orderId)))
        .orderBy(asc(orderLines.offeringWineId), asc(orderLines.id));
    },

    /**
     * Puts bottles back on the stock row they were taken from; a row removed since is made again
     * (an offering edit that dropped the location's stock), so no bottle is lost.
     */
    async returnStock(tenantId: string, offeringWineId: string, locationId: string, quantity: number): Promise<void> {
      await tx
        .insert(stock)
        .values({ tenantId, offeringWineId, locationId, quantity })
        .onConflictDoUpdate({ target: [stock.offeringWineId, stock.locationId], set: { quantity: sql`${stock.quantity} + ${quantity}` } });
    },

    async memberContact(tenantId: string, customerId: string) {
      const [row] = await tx
        .select({ firstName: customers.firstName, email: customers.email })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .limit(1);
      return row;
    },

    async pickupLocation(tenantId: string, locationId: string | null) {
      if (!locationId) return undefined;
      const [row] = await tx
        .select({ name: inventoryLocations.name, address: inventoryLocations.address, hours: inventoryLocations.hours })
        .from(inventoryLocations)
        .where(and(eq(inventoryLocations.tenantId, tenantId), eq(inventoryLocations.id, locationId)))
        .limit(1);
      return row;
    },
  };
}

export type FulfilmentQueries = ReturnType<typeof fulfilmentQueries>;
export type StaffOrdersRepository = ReturnType<typeof createStaffOrdersRepository>;
