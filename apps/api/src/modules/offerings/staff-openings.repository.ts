import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { offeringTierOpenings, offerings, tiers } from '../../db/schema/index.js';
import { retryOnTransientConflict } from '../../shared/db-errors.js';

export interface StoredOpening {
  tierId: string;
  tierName: string;
  opensAt: Date;
  closesAt: Date | null;
}

function openingQueries(db: Database) {
  return {
    /** The offering's window, locked until the transaction ends (as every staff write to an offering locks it). */
    async lockOffering(tenantId: string, offeringId: string) {
      const [row] = await db
        .select({ id: offerings.id, startDate: offerings.startDate, endDate: offerings.endDate })
        .from(offerings)
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, offeringId)))
        .for('update');
      return row;
    },

    /** The tenant's tiers among these ids: an id missing here is another tenant's or unknown. */
    async tiersOf(tenantId: string, tierIds: string[]): Promise<string[]> {
      if (tierIds.length === 0) return [];
      const rows = await db
        .select({ id: tiers.id })
        .from(tiers)
        .where(and(eq(tiers.tenantId, tenantId), inArray(tiers.id, tierIds)));
      return rows.map((row) => row.id);
    },

    /** Earliest opening first, then by the tier's rank. */
    async list(tenantId: string, offeringId: string): Promise<StoredOpening[]> {
      return db
        .select({
          tierId: offeringTierOpenings.tierId,
          tierName: tiers.name,
          opensAt: offeringTierOpenings.opensAt,
          closesAt: offeringTierOpenings.closesAt,
        })
        .from(offeringTierOpenings)
        .innerJoin(tiers, eq(tiers.id, offeringTierOpenings.tierId))
        .where(and(eq(offeringTierOpenings.tenantId, tenantId), eq(offeringTierOpenings.offeringId, offeringId)))
        .orderBy(asc(offeringTierOpenings.opensAt), asc(tiers.rank), asc(tiers.name));
    },

    async replace(
      tenantId: string,
      offeringId: string,
      openings: readonly { tierId: string; opensAt: Date; closesAt: Date | null }[],
      at: Date,
    ): Promise<void> {
      await db
        .delete(offeringTierOpenings)
        .where(and(eq(offeringTierOpenings.tenantId, tenantId), eq(offeringTierOpenings.offeringId, offeringId)));
      if (openings.length === 0) return;
      await db.insert(offeringTierOpenings).values(openings.map((opening) => ({ ...opening, tenantId, offeringId, updatedAt: at })));
    },
  };
}

export type OpeningQueries = ReturnType<typeof openingQueries>;

/** The tiers' own openings of an offering (issue 17), read by the view allocation_windows. */
export function createStaffOpeningsRepository(db: Database) {
  return {
    ...openingQueries(db),
    findOffering: async (tenantId: string, offeringId: string) => {
      const [row] = await db
        .select({ id: offerings.id, endDate: offerings.endDate })
        .from(offerings)
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, offeringId)))
        .limit(1);
      return row;
    },
    transaction<T>(work: (queries: OpeningQueries, tx: Database) => Promise<T>): Promise<T> {
      return retryOnTransientConflict(() => db.transaction((tx) => work(openingQueries(tx), tx)));
    },
  };
}

export type StaffOpeningsRepository = ReturnType<typeof createStaffOpeningsRepository>;
