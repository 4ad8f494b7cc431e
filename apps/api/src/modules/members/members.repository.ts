import { and, asc, eq, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { addresses, allocations, customers, offerings, orders, tiers } from '../../db/schema/index.js';
import type { CursorKey } from '../../shared/pagination.js';
import { afterMember, memberFilter } from './member-search.js';

export interface MemberListFilter {
  q?: string | undefined;
  tierId?: string | undefined;
  offeringId?: string | undefined;
  countryCode?: string | undefined;
  stateCode?: string | undefined;
  active?: 'true' | 'false' | undefined;
  orderedInLastOffering?: 'true' | 'false' | undefined;
}

/** The latest published offering of the tenant that has started by `at` (uncancelled). */
const lastOfferingId = (tenantId: string, at: Date) =>
  sql`(select ${offerings.id} from ${offerings} where ${offerings.tenantId} = ${tenantId} and ${offerings.status} = 'published' and ${offerings.cancelledAt} is null and ${offerings.startDate} <= ${at.toISOString()} order by ${offerings.startDate} desc limit 1)`;

/** The list's filters beyond the search: the address's country and state, active, ordered in the last offering. */
export function memberListConditions(tenantId: string, filter: MemberListFilter, at: Date): SQL | undefined {
  const country = filter.countryCode?.trim().toUpperCase();
  const state = filter.stateCode?.trim().toUpperCase();
  const ordered = sql`exists (select 1 from ${orders} join ${allocations} on ${allocations.id} = ${orders.allocationId} where ${orders.customerId} = ${customers.id} and ${orders.status} <> 'cancelled' and ${allocations.offeringId} = ${lastOfferingId(tenantId, at)})`;
  return and(
    eq(customers.tenantId, tenantId),
    memberFilter(filter),
    country || state
      ? sql`exists (select 1 from ${addresses} where ${addresses.customerId} = ${customers.id}${country ? sql` and ${addresses.countryCode} = ${country}` : sql``}${state ? sql` and upper(${addresses.stateCode}) = ${state}` : sql``})`
      : undefined,
    filter.active === 'true' ? isNull(customers.deactivatedAt) : filter.active === 'false' ? isNotNull(customers.deactivatedAt) : undefined,
    filter.orderedInLastOffering === 'true' ? ordered : filter.orderedInLastOffering === 'false' ? not(ordered) : undefined,
  );
}

/** Members and tiers as the console lists them. */
export function createMembersRepository(db: Database) {
  return {
    async page(tenantId: string, query: MemberListFilter & { after?: CursorKey | undefined; limit: number }, at: Date) {
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
          phone: customers.phone,
          memberSince: customers.memberSince,
          deactivatedAt: customers.deactivatedAt,
        })
        .from(customers)
        .leftJoin(tiers, eq(tiers.id, customers.tierId))
        .where(and(memberListConditions(tenantId, query, at), afterMember(query.after)))
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
