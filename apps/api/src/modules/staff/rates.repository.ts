import { asc, eq, sql } from 'drizzle-orm';
import type { RateTablesInput } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { shippingNotices, shippingRates, shippingRestrictions, taxRates } from '../../db/schema/index.js';
import { retryOnTransientConflict } from '../../shared/db-errors.js';

function rateQueries(db: Database) {
  return {
    /**
     * Each table by country, the country's own row before its states' (then by bottle band). One
     * query after the other: inside a transaction they share one connection.
     */
    async read(tenantId: string) {
      const tax = await db
        .select()
        .from(taxRates)
        .where(eq(taxRates.tenantId, tenantId))
        .orderBy(asc(taxRates.countryCode), sql`${taxRates.stateCode} nulls first`);
      const shipping = await db
        .select()
        .from(shippingRates)
        .where(eq(shippingRates.tenantId, tenantId))
        .orderBy(asc(shippingRates.countryCode), sql`${shippingRates.stateCode} nulls first`, asc(shippingRates.minBottles));
      const restrictions = await db
        .select()
        .from(shippingRestrictions)
        .where(eq(shippingRestrictions.tenantId, tenantId))
        .orderBy(asc(shippingRestrictions.countryCode), sql`${shippingRestrictions.stateCode} nulls first`);
      const notices = await db.select().from(shippingNotices).where(eq(shippingNotices.tenantId, tenantId)).orderBy(asc(shippingNotices.countryCode));
      return { taxRates: tax, shippingRates: shipping, restrictions, notices };
    },

    /**
     * Deletes the tenant's four tables and writes the new ones; call inside a transaction. The
     * tables have no key to collide on, so two replacements at once would each delete the rows
     * they saw and both insert: every rate twice. A lock per tenant, held to the commit, makes the
     * second wait and then delete what the first wrote.
     */
    async replace(tenantId: string, tables: RateTablesInput) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rates:${tenantId}`}, 0))`);
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
    /**
     * Runs `work` in one transaction: checkout never sees half of the old tables and half of the
     * new. Run again if PostgreSQL aborted it for a deadlock or a serialization failure.
     */
    transaction<T>(work: (queries: RateQueries, tx: Database) => Promise<T>): Promise<T> {
      return retryOnTransientConflict(() => db.transaction((tx) => work(rateQueries(tx), tx)));
    },
  };
}

export type RatesRepository = ReturnType<typeof createRatesRepository>;
