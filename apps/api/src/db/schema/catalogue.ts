import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { allocations } from './allocations.js';
import { customers } from './customers.js';
import { offerings } from './offerings.js';
import { tenants } from './tenants.js';

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A wine the producer makes: one row per name, vintage and bottle size. */
export const wines = pgTable(
  'wines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    vintage: integer('vintage').notNull(),
    sizeMl: integer('size_ml').notNull().default(750),
    description: text('description').notNull().default(''),
    tastingNotes: text('tasting_notes').notNull().default(''),
    /** The price an offering starts from when staff add this wine (each offering keeps its own). */
    priceCents: integer('price_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wines_price_not_negative', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    unique('wines_tenant_name_vintage_size_unique').on(t.tenantId, t.name, t.vintage, t.sizeMl),
    check('wines_size_positive', sql`${t.sizeMl} > 0`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A picture of a wine (issue 15): the bottle shown on the allocation page, the vintage notes and
 * the grand cru pages. Staff upload one per wine; each is kept in a few widths (`variant`: the
 * original, and resized ones such as `w320`, `w640`) so pages can ask for the size they show.
 * `etag` (a hash of the bytes) makes the URL change whenever the picture does.
 */
export const wineImages = pgTable(
  'wine_images',
  {
    tenantId: tenantId(),
    wineId: uuid('wine_id')
      .notNull()
      .references(() => wines.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    etag: text('etag').notNull(),
    altText: text('alt_text').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.wineId, t.variant] }),
    index('wine_images_tenant_idx').on(t.tenantId),
    check('wine_images_content_type_known', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')`),
    check('wine_images_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

/** The producer's in-house inventory locations (seed §9: two); both can be pick-up points. */
export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    hours: text('hours').notNull().default(''),
    countryCode: text('country_code').notNull(),
    stateCode: text('state_code'),
    /** Shipped orders are taken from this location's stock. */
    shipsFrom: boolean('ships_from').notNull().default(false),
    pickup: boolean('pickup').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('inventory_locations_tenant_idx').on(t.tenantId)],
);

/** A wine offered in an offering, at the offering's price. */
export const offeringWines = pgTable(
  'offering_wines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    wineId: uuid('wine_id')
      .notNull()
      .references(() => wines.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The limits a member gets for this wine when staff allocate without saying otherwise. */
    defaultMinimum: integer('default_minimum').notNull().default(0),
    defaultMaximum: integer('default_maximum').notNull().default(6),
  },
  (t) => [
    unique('offering_wines_offering_wine_unique').on(t.offeringId, t.wineId),
    check('offering_wines_price_positive', sql`${t.priceCents} >= 0`),
    check('offering_wines_default_limits', sql`${t.defaultMinimum} >= 0 and ${t.defaultMinimum} <= ${t.defaultMaximum}`),
  ],
);

/**
 * Bottles left per offered wine and location. Orders take stock with one conditional update per
 * line (`quantity >= n`), which the check constraint backs up: stock can never go negative.
 */
export const stock = pgTable(
  'stock',
  {
    tenantId: tenantId(),
    offeringWineId: uuid('offering_wine_id')
      .notNull()
      .references(() => offeringWines.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offeringWineId, t.locationId] }), check('stock_not_negative', sql`${t.quantity} >= 0`)],
);

/** A member's limits for one wine of their allocation. */
export const allocationLines = pgTable(
  'allocation_lines',
  {
    tenantId: tenantId(),
    allocationId: uuid('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    offeringWineId: uuid('offering_wine_id')
      .notNull()
      .references(() => offeringWines.id, { onDelete: 'cascade' }),
    minimum: integer('minimum').notNull().default(0),
    maximum: integer('maximum').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.allocationId, t.offeringWineId] }),
    check('allocation_lines_limits', sql`${t.minimum} >= 0 and ${t.minimum} <= ${t.maximum}`),
  ],
);

export const WISH_STATUSES = ['requested', 'granted', 'declined'] as const;
export type WishStatus = (typeof WISH_STATUSES)[number];

/** A member's request for more bottles than the allocation allows; granting raises the maximum. */
export const wishes = pgTable(
  'wishes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    allocationId: uuid('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    offeringWineId: uuid('offering_wine_id')
      .notNull()
      .references(() => offeringWines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status').$type<WishStatus>().notNull().default('requested'),
    /** How many of the wished bottles staff granted (all or part); null until granted. */
    grantedQuantity: integer('granted_quantity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    unique('wishes_allocation_wine_unique').on(t.allocationId, t.offeringWineId),
    check('wishes_quantity_positive', sql`${t.quantity} > 0`),
    check('wishes_status_known', sql`${t.status} in ('requested', 'granted', 'declined')`),
  ],
);

export interface CartLineRow {
  wineId: string;
  quantity: number;
}

/** The member's choice in progress; its id is kept in the browser under `cartId`. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    allocationId: uuid('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<CartLineRow[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_tenant_customer_idx').on(t.tenantId, t.customerId)],
);
