import { asc, eq, sql } from 'drizzle-orm';
import type { RateTablesInput } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { shippingNotices, shippingRates, shippingRestrictions, taxRates } from '../../db/schema/index.js';

function rateQueries(db: Database) {
  return {
    /** Each table by country, the country's own row before its states' (then by bottle band). */
    async read(tenantId: string) {
      const [tax, shipping, restrictions, notices] = await Promise.all([
        db
          .select()
          .from(taxRates)
          .where(eq(taxRates.tenantId, tenantId))
          .orderBy(asc(taxRates.countryCode), sql`${taxRates.stateCode} nulls first`),
        db
          .select()
          .from(shippingRates)
          .where(eq(shippingRates.tenantId, tenantId))
          .orderBy(asc(shippingRates.countryCode), sql`${shippingRates.stateCode} nulls first`, asc(shippingRates.minBottles)),
        db
          .select()
          .from(shippingRestrictions)
          .where(eq(shippingRestrictions.tenantId, tenantId))
          .orderBy(asc(shippingRestrictions.countryCode), sql`${shippingRestrictions.stateCode} nulls first`),
        db.select().from(shippingNotices).where(eq(shippingNotices.tenantId, tenantId)).orderBy(asc(shippingNotices.countryCode)),
      ]);
      return { taxRates: tax, shippingRates: shipping, restrictions, notices };
    },

    /** Deletes the tenant's four tables and writes the new ones; call inside a transaction. */
    async replace(tenantId: string, tables: RateTablesInput) {
      await db.delete(taxRates).where(eq(taxRates.tenantId, tenantId));
      await db.delete(shippingRates).where(eq(shippingRates.tenantId, tenantId));
      await db.delete(shippingRestrictions).where(eq(shippingRestrictions.tenantId, tenantId));
      await db.delete(shippingNotices).where(eq(shippingNotices.tenantId, tenantId));
      const withTenant = <T extends object>(rows: T[]) => rows.map((row) => ({ ...row, tenantId }));
      if (tables.taxRates.length > 0) await db.insert(taxRates).values(withTenant(tables.taxRates));
      if (tables.shippingRates.length > 0) await db.insert(shippingRates).values(withTenant(tables.shippingRates));
      if (tables.restrictions.length > 0) await db.insert(shippingRestrictions).values(withTenant(tables.restrictions));
      if (tables.notices.length > 0) await db.insert(shippingNotices).values(withTenant(tables.notices));
    },
  };
}

export type RateQueries = ReturnType<typeof rateQueries>;

export function createRatesRepository(db: Database) {
  return {
    ...rateQueries(db),
    /** Runs `work` in one transaction: checkout never sees half of the old tables and half of the new. */
    transaction<T>(work: (queries: RateQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(rateQueries(tx)));
    },
  };
}

export type RatesRepository = ReturnType<typeof createRatesRepository>;
