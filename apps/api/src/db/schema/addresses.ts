import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { tenants } from './tenants.js';

/** A member's saved postal address (seed §3), for shipping and billing. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    // A code from the country's list where it has one (US, CA, AU), free text elsewhere.
    stateCode: text('state_code'),
    zipCode: text('zip_code').notNull(),
    countryCode: text('country_code').notNull(),
    /** Who receives at this address when it is not the member (a gift, an office); issue 15. */
    recipientName: text('recipient_name'),
    /** A phone the carrier may call for a delivery that needs an adult's signature. */
    phone: text('phone'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_tenant_customer_idx').on(t.tenantId, t.customerId),
    // The database, not only the service, keeps "one default of each kind per member" true.
    uniqueIndex('addresses_one_default_shipping').on(t.customerId).where(sql`${t.isDefaultShipping}`),
    uniqueIndex('addresses_one_default_billing').on(t.customerId).where(sql`${t.isDefaultBilling}`),
    check('addresses_country_code_format', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('addresses_required_not_blank', sql`btrim(${t.address1}) <> '' and btrim(${t.city}) <> '' and btrim(${t.zipCode}) <> ''`),
  ],
);
