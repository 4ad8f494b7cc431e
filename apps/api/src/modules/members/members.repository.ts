import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocations, customers, tiers } from '../../db/schema/index.js';
import type { CursorKey } from '../../shared/pagination.js';
import { afterMember, memberFilter } from './member-search.js';

/** Members and tiers as the console's pickers read them (read-only for now; issue 14 grows it). */
export function createMembersRepository(db: Database) {
  return {
    async page(tenantId: string, query: { q?: string | undefined; tierId?: string | undefined; offeringId?: string | undefined; after?: CursorKey | undefined; limit: number }) {
      return db
        .select({
          id: customers.id,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          tierId: customers.tierId,
          tierName: tiers.name,
          allocated: query.offeringId
            ? sql<boolean>`exists (select 1 from ${allocations} where ${allocations.customerId} = ${customers.id} and ${allocations.offeringId} = ${query.offeringId})`
            : sql<boolean>`false`,
        })
        .from(customers)
        .leftJoin(tiers, eq(tiers.id, customers.tierId))
        .where(and(eq(customers.tenantId, tenantId), memberFilter(query), afterMember(query.after)))
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
        .limit(query.limit);
    },

    async tiers(tenantId: string) {
      return db
        .select({ id: tiers.id, name: tiers.name, rank: tiers.rank })
        .from(tiers)
        .where(eq(tiers.tenantId, tenantId))
        .orderBy(asc(tiers.rank), asc(tiers.name));
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
