import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL, type Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DeliveryInput, OrderReference } from '@winery/domain';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import {
  addresses,
  allocations,
  brands,
  carts,
  inventoryLocations,
  offerings,
  orderLines,
  orders,
  paymentCards,
} from '../../db/schema/index.js';
import type { AllocationOffer, CartRow, WineLimitRow } from '../cart/cart.repository.js';
import { cartQueries } from '../cart/cart.repository.js';
import type { AddressRow, LocationRow, RateRow } from '../cart/pricing.repository.js';
import { createCardsRepository, type CardRow } from '../cards/cards.repository.js';
import type { NewMail } from '../mail/mail.repository.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'tenantId'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId' | 'tenantId'>;

/**
 * Order numbers are "AE-" and eight random digits. Random rather than max+1: every order of a
 * release would otherwise queue for the same "highest number" (and a counter needs a table or a
 * sequence the schema does not have). A few are drawn per order and the context read takes the
 * first no order has, before the order is written, so the receipt can name it; the unique index
 * (tenant, number) is the arbiter for two orders drawing the same one at once. They also do not
 * tell anyone how many orders a producer takes.
 */
const drawOrderNumber = () => `AE-${randomInt(10_000_000, 100_000_000)}`;
const NUMBER_DRAWS = 8;
/** Numbers for one order, tried in turn by the context read (order_placement_context). */
export const drawOrderNumbers = (): string[] => Array.from({ length: NUMBER_DRAWS }, drawOrderNumber);
const AUTHORIZATION_LOOKUP_CHUNK = 1_000;

/**
 * A row as `to_jsonb` gives it (snake_case columns, timestamps as text), read the way Drizzle
 * reads the table: its field names and each column's own conversion.
 */
function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

const maybeRow = <T extends Table>(table: T, json: unknown): T['$inferSelect'] | undefined =>
  json && typeof json === 'object' ? fromJsonRow(table, json as Record<string, unknown>) : undefined;

/** A first order (ADR 017), as the receipt and the view name it. */
type FirstOrder = OrderReference;

/** One wine of the allocation with what the member's earlier orders hold and what is left where the bottles come from. */
export interface ContextWine extends WineLimitRow {
  taken: number;
  /** Bottles left at the order's stock location when read (null: none there): a hint, the conditional update decides. */
  stock: number | null;
}

/**
 * Everything order placement needs, read in one round trip (order_placement_context, migration
 * 0012): under the member's allocation lock when asked, so what their earlier orders hold, the
 * first order and the cart are as the last of them left them.
 */
export type OrderContext =
  | { kind: 'repeat'; orderId: string }
  | { kind: 'noCart' }
  | { kind: 'cartOfAnotherMember' }
  /** Ordered (and so deleted) by another submission of the member while this one waited for the lock. */
  | { kind: 'cartGone' }
  | { kind: 'noAllocation'; cart: CartRow }
  | {
      kind: 'found';
      cart: CartRow;
      offer: AllocationOffer;
      wines: ContextWine[];
      firstOrder: FirstOrder | null;
      shippingAddress: AddressRow | undefined;
      shipsFrom: LocationRow | undefined;
      pickupLocation: LocationRow | undefined;
      /** Where this delivery takes the bottles from (null: nowhere, nothing can be taken). */
      stockLocationId: string | null;
      billingAddress: AddressRow | undefined;
      card: CardRow | undefined;
      cardCount: number;
      member: { firstName: string; email: string } | undefined;
      brand: typeof brands.$inferSelect | undefined;
      tenantName: string;
      rates: RateRow[];
      /** The first of the drawn numbers no order had when read; null if every one was taken. */
      number: string | null;
      /** The offering has a waiting room and the member was not yet seen through it: the room decides (ADR 026). */
      needsAdmission: boolean;
    };

export interface OrderContextInput {
  tenantId: string;
  customerId: string;
  cartId: string;
  idempotencyKey: string;
  delivery: DeliveryInput;
  billingAddressId: string;
  cardId: string | null;
  /** Order numbers drawn for this order, tried in turn. */
  numbers: string[];
  /** Take the allocation's lock (inside the transaction), or only read (before it). */
  lock: boolean;
  /** The app's clock: other members' holds count until it passes their expiry (issue 17). */
  now?: Date;
}

type RawRateRow = { kind: RateRow['kind']; country_code: string; state_code: string | null; rate_basis_points: number | null; min_bottles: number | null; max_bottles: number | null; price_cents: number | null; includes_duties: boolean | null; name: string | null };

function toOrderContext(raw: Record<string, unknown>, needsAdmission: boolean): OrderContext {
  if (typeof raw.repeatOf === 'string') return { kind: 'repeat', orderId: raw.repeatOf };
  if (raw.cartOfAnotherMember) return { kind: 'cartOfAnotherMember' };
  if (raw.cartGone) return { kind: 'cartGone' };
  const cart = maybeRow(carts, raw.cart);
  if (!cart) return { kind: 'noCart' };
  const offer = raw.offer as (Omit<AllocationOffer, 'startDate' | 'endDate' | 'cancelledAt'> & { startDate: string; endDate: string; cancelledAt: string | null }) | null;
  if (!offer) return { kind: 'noAllocation', cart };
  return {
    kind: 'found',
    cart,
    offer: {
      ...offer,
      startDate: new Date(offer.startDate),
      endDate: new Date(offer.endDate),
      cancelledAt: offer.cancelledAt === null ? null : new Date(offer.cancelledAt),
      orderMinimumCents: Number(offer.orderMinimumCents),
    },
    wines: (raw.limits as ContextWine[]).map((wine) => ({ ...wine, taken: Number(wine.taken), stock: wine.stock === null ? null : Number(wine.stock) })),
    firstOrder: (raw.firstOrder as FirstOrder | null) ?? null,
    shippingAddress: maybeRow(addresses, raw.shippingAddress),
    shipsFrom: maybeRow(inventoryLocations, raw.shipsFrom),
    pickupLocation: maybeRow(inventoryLocations, raw.pickupLocation),
    stockLocationId: (raw.stockLocationId as string | null) ?? null,
    billingAddress: maybeRow(addresses, raw.billingAddress),
    card: maybeRow(paymentCards, raw.card),
    cardCount: Number(raw.cardCount),
    member: (raw.member as { firstName: string; email: string } | null) ?? undefined,
    brand: maybeRow(brands, raw.brand),
    tenantName: String(raw.tenantName),
    rates: (raw.rates as RawRateRow[]).map((row) => ({
      kind: row.kind,
      countryCode: row.country_code,
      stateCode: row.state_code,
      rateBasisPoints: row.rate_basis_points,
      minBottles: row.min_bottles,
      maxBottles: row.max_bottles,
      priceCents: row.price_cents,
      includesDuties: row.includes_duties,
      name: row.name,
    })),
    number: (raw.number as string | null) ?? null,
    needsAdmission,
  };
}

/** What order_placement_write is given: the order's values, its lines, its receipt and where the stock is taken. */
export interface OrderWrite {
  tenantId: string;
  customerId: string;
  cartId: string;
  order: Omit<NewOrder, 'customerId' | 'status'> & { number: string; allocationId: string; placedAt: Date };
  lines: NewOrderLine[];
  mail: NewMail | null;
  stockLocationId: string;
}

export type OrderWritten =
  | { kind: 'placed'; order: OrderRow; lines: OrderLineRow[] }
  /** A wine had fewer bottles left than the order takes: nothing was written. */
  | { kind: 'soldOut'; offeringWineId: string }
  /** Another order took the drawn number meanwhile: nothing was written. */
  | { kind: 'numberTaken' };

/** The SQLSTATE and detail of the database error behind a failed query (Drizzle wraps the driver's). */
function raised(error: unknown): { code: string; detail?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, ...(typeof candidate.detail === 'string' ? { detail: candidate.detail } : {}) };
    }
    current = candidate.cause;
  }
  return undefined;
}

const jsonOf = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The first row of a raw statement's answer: node-postgres and PGlite both answer `{ rows }`. */
const firstRow = <T>(result: unknown): T => (result as { rows: T[] }).rows[0]!;

/**
 * The context read (order_placement_context, migrations 0012 and 0013), and in the same statement
 * the waiting room's check (ADR 026; order_needs_admission, migration 0017, a function so that its
 * join is not planned again for every order): whether the cart's offering has a room its member was
 * not yet seen through. That check reads the statement's snapshot, taken before the context waits
 * for the member's lock; it only decides whether the room is asked, and the room reads afresh.
 */
function contextStatement(input: OrderContextInput): SQL {
  const { delivery } = input;
  return sql`select order_placement_context(
    ${input.tenantId}, ${input.customerId}::uuid, ${input.cartId}::uuid, ${input.idempotencyKey}::uuid, ${delivery.method},
    ${delivery.method === 'shipping' ? delivery.shippingAddressId : null}::uuid, ${delivery.method === 'pickup' ? delivery.locationId : null}::uuid,
    ${input.billingAddressId}::uuid, ${input.cardId}::uuid, ${jsonOf(input.numbers)}, ${input.lock}::boolean,
    ${input.now ? input.now.toISOString() : null}::timestamptz) as context,
    order_needs_admission(${input.tenantId}, ${input.cartId}::uuid, ${input.customerId}::uuid) as needs_admission`;
}

/** The write (order_placement_write, migration 0012): the order, its lines, its receipt, the cart deleted, the stock last. */
function writeStatement(input: OrderWrite): SQL {
  const { order, mail } = input;
  const values = {
    allocation_id: order.allocationId,
    number: order.number,
    subtotal_cents: order.subtotalCents,
    shipping_cents: order.shippingCents,
    tax_cents: order.taxCents,
    total_cents: order.totalCents,
    shipping_label: order.shippingLabel,
    tax_label: order.taxLabel,
    delivery_method: order.deliveryMethod,
    pickup_location_id: order.pickupLocationId ?? null,
    shipping_address: order.shippingAddress ?? null,
    billing_address: order.billingAddress ?? null,
    card_brand: order.cardBrand ?? null,
    card_last4: order.cardLast4 ?? null,
    authorization_id: order.authorizationId ?? null,
    idempotency_key: order.idempotencyKey ?? null,
    gift_message: order.giftMessage ?? null,
    adds_to_order_id: order.addsToOrderId ?? null,
    placed_at: order.placedAt.toISOString(),
  };
  const lines = input.lines.map((line) => ({
    offering_wine_id: line.offeringWineId,
    location_id: line.locationId ?? null,
    name: line.name,
    vintage: line.vintage,
    size_ml: line.sizeMl,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
  }));
  const receipt = mail && {
    id: mail.id,
    kind: mail.kind,
    to_address: mail.toAddress,
    subject: mail.subject,
    text_body: mail.textBody,
    html_body: mail.htmlBody,
    link_secrets: mail.linkSecrets,
    template: mail.template ?? null,
    next_attempt_at: mail.nextAttemptAt.toISOString(),
    created_at: mail.createdAt.toISOString(),
  };
  return sql`select order_placement_write(
    ${input.tenantId}, ${input.customerId}::uuid, ${input.cartId}::uuid, ${jsonOf(values)}, ${jsonOf(lines)},
    ${receipt ? jsonOf(receipt) : sql`null::jsonb`}, ${input.stockLocationId}::uuid) as written`;
}

const readContext = (result: unknown) => {
  const row = firstRow<{ context: Record<string, unknown>; needs_admission: boolean | null }>(result);
  return toOrderContext(row.context, row.needs_admission === true);
};

function readWritten(result: unknown): OrderWritten {
  const { written } = firstRow<{ written: { order: Record<string, unknown>; lines: Record<string, unknown>[] } }>(result);
  return { kind: 'placed', order: fromJsonRow(orders, written.order), lines: written.lines.map((line) => fromJsonRow(orderLines, line)) };
}

/** A refusal the write raises on purpose (migration 0012), as its outcome; undefined for any other error. */
function writeRefusal(error: unknown): OrderWritten | undefined {
  const sqlState = raised(error);
  if (sqlState?.code === 'WSOLD' && sqlState.detail) return { kind: 'soldOut', offeringWineId: sqlState.detail };
  if (sqlState?.code === 'WNUMB') return { kind: 'numberTaken' };
  return undefined;
}

/**
 * One placement's transaction (ADR 026): the context read under the member's allocation lock, a
 * new card saved if asked, and the write, which ends it. When the write places the order, it has
 * committed; when it refuses (sold out, number taken), nothing of the transaction is kept.
 */
export interface PlacementTransaction {
  context(input: Omit<OrderContextInput, 'lock'>): Promise<OrderContext>;
  saveCard(...args: Parameters<ReturnType<typeof createCardsRepository>['insert']>): Promise<unknown>;
  writeAndCommit(input: OrderWrite): Promise<OrderWritten>;
}

/** Turns Drizzle's SQL into the text and parameters node-postgres takes. */
const dialect = new PgDialect();

/**
 * On a PostgreSQL server, in two round trips: BEGIN goes out with the context read, and COMMIT
 * with the write (node-postgres pipeline mode, on this connection only while it is ours). The
 * stock rows the write locks are so released by the server as soon as the write ends, not after
 * the answer has crossed to this process, waited its turn on a busy event loop and come back.
 */
async function pipelinedPlacement<T>(pool: pg.Pool, work: (tx: PlacementTransaction) => Promise<T>): Promise<T> {
  const client = (await pool.connect()) as pg.PoolClient & { pipeline: boolean };
  let ended = false;
  let broken: Error | undefined;
  const run = (statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    return client.query(query.sql, query.params as unknown[]);
  };
  client.pipeline = true;
  try {
    const begun = client.query('begin');
    begun.catch(() => undefined);
    const tx: PlacementTransaction = {
      async context(input) {
        const [, result] = await Promise.all([begun, run(contextStatement({ ...input, lock: true }))]);
        return readContext(result);
      },
      async saveCard(...args) {
        await begun;
        return createCardsRepository(drizzle(client) as unknown as Database).insert(...args);
      },
      async writeAndCommit(input) {
        const written = run(writeStatement(input));
        const committed = client.query('commit');
        const [write, commit] = await Promise.allSettled([written, committed]);
        ended = true;
        if (commit.status === 'rejected') throw commit.reason;
        // A write that failed aborted the transaction: its COMMIT was a ROLLBACK.
        if (write.status === 'rejected') {
          const refusal = writeRefusal(write.reason);
          if (refusal) return refusal;
          throw write.reason;
        }
        if (commit.value.command !== 'COMMIT') throw new Error(`the order's transaction ended with ${commit.value.command}`);
        return readWritten(write.value);
      },
    };
    const result = await work(tx);
    if (!ended) {
      ended = true;
      await client.query('commit');
    }
    return result;
  } catch (error) {
    if (!ended) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
    }
    throw error;
  } finally {
    // Every statement above was awaited: the connection is idle, and goes back as it came.
    client.pipeline = false;
    client.release(broken);
  }
}

/** Elsewhere (PGlite, one connection in this process): the same statements in a Drizzle transaction. */
function drizzlePlacement<T>(db: Database, work: (tx: PlacementTransaction) => Promise<T>): Promise<T> {
  return db.transaction((handle) =>
    work({
      context: async (input) => readContext(await handle.execute(contextStatement({ ...input, lock: true }))),
      saveCard: (...args) => createCardsRepository(handle).insert(...args),
      async writeAndCommit(input) {
        try {
          return readWritten(await handle.execute(writeStatement(input)));
        } catch (error) {
          // The transaction is aborted; the refusal's ApiError rolls it back.
          const refusal = writeRefusal(error);
          if (refusal) return refusal;
          throw error;
        }
      },
    }),
  );
}

function orderQueries(db: Database) {
  return {
    ...cartQueries(db),

    /** Everything placement reads, in one round trip (OrderContext); without the lock, before the transaction. */
    async orderContext(input: Omit<OrderContextInput, 'lock'>): Promise<OrderContext> {
      return readContext(await db.execute(contextStatement({ ...input, lock: false })));
    },

    async findIdByIdempotencyKey(tenantId: string, customerId: string, idempotencyKey: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId), eq(orders.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row?.id;
    },

    /** Whether an order was written with this authorisation (any tenant: authorisation ids are the gateway's, unique). */
    async hasOrderWithAuthorization(authorizationId: string): Promise<boolean> {
      const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.authorizationId, authorizationId)).limit(1);
      return rows.length > 0;
    },
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

    /** One order's transaction (PlacementTransaction): pipelined on a PostgreSQL server, a Drizzle transaction on PGlite. */
    placementTransaction<T>(work: (tx: PlacementTransaction) => Promise<T>): Promise<T> {
      const client = (db as unknown as { $client?: unknown }).$client;
      return client instanceof pg.Pool ? pipelinedPlacement(client, work) : drizzlePlacement(db, work);
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
