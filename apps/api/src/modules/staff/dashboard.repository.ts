import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocationRequests, offerings } from '../../db/schema/index.js';

export interface DashboardWineRow {
  offeringWineId: string;
  name: string;
  vintage: number;
  sizeMl: number;
  sold: number;
  left: number;
}

/*
 * The dashboard in two statements, however many offerings and wines: the offerings with every
 * figure as a correlated subquery (their wines as one JSON array each), and the prospects waiting.
 * The console polls it every few seconds while an offering is open.
 */
/** The outer offering's id inside the subqueries (drizzle would name the column unqualified). */
const OFFERING_ID = sql.raw('"offerings"."id"');

export function createDashboardRepository(db: Database) {
  return {
    /** Published, not cancelled: those open at `at`, and the next one to start after it. */
    async offerings(tenantId: string, at: Date) {
      const live = sql`${offerings.tenantId} = ${tenantId} and ${offerings.status} = 'published' and ${offerings.cancelledAt} is null`;
      const next = sql`(select o2.id from offerings o2 where o2.tenant_id = ${tenantId} and o2.status = 'published' and o2.cancelled_at is null and o2.start_date > ${at.toISOString()}::timestamptz order by o2.start_date, o2.name, o2.id limit 1)`;
      const allocationsOf = sql`select a.id from allocations a where a.tenant_id = ${tenantId} and a.offering_id = ${OFFERING_ID}`;
      return db
        .select({
          id: offerings.id,
          name: offerings.name,
          slug: offerings.slug,
          startDate: offerings.startDate,
          endDate: offerings.endDate,
          allocated: sql<number>`(select count(*) from allocations a where a.tenant_id = ${tenantId} and a.offering_id = ${OFFERING_ID})`.mapWith(Number),
          invited: sql<number>`(select count(*) from allocations a where a.tenant_id = ${tenantId} and a.offering_id = ${OFFERING_ID} and (
              exists (select 1 from offering_invitations oi where oi.allocation_id = a.id and oi.kind = 'invitation')
              or exists (select 1 from link_tokens lt where lt.allocation_id = a.id and lt.purpose = 'allocation')))`.mapWith(Number),
          signedInThroughLink: sql<number>`(select count(distinct lt.allocation_id) from link_tokens lt
              where lt.tenant_id = ${tenantId} and lt.purpose = 'allocation' and lt.used_at is not null and lt.allocation_id in (${allocationsOf}))`.mapWith(Number),
          ordered: sql<number>`(select count(distinct o.allocation_id) from orders o
              where o.tenant_id = ${tenantId} and o.status <> 'cancelled' and o.allocation_id in (${allocationsOf}))`.mapWith(Number),
          revenueCents: sql<number>`(select coalesce(sum(o.subtotal_cents), 0) from orders o
              where o.tenant_id = ${tenantId} and o.status <> 'cancelled' and o.allocation_id in (${allocationsOf}))`.mapWith(Number),
          wishesWaiting: sql<number>`(select count(*) from wishes w
              where w.tenant_id = ${tenantId} and w.status = 'requested' and w.allocation_id in (${allocationsOf}))`.mapWith(Number),
          wines: sql<DashboardWineRow[]>`(select coalesce(json_agg(json_build_object(
                'offeringWineId', ow.id, 'name', wn.name, 'vintage', wn.vintage, 'sizeMl', wn.size_ml,
                'sold', (select coalesce(sum(ol.quantity), 0) from order_lines ol join orders o on o.id = ol.order_id
                         where ol.offering_wine_id = ow.id and o.status <> 'cancelled'),
                'left', (select coalesce(sum(s.quantity), 0) from stock s where s.offering_wine_id = ow.id)
              ) order by ow.sort_order, wn.name), '[]'::json)
              from offering_wines ow join wines wn on wn.id = ow.wine_id
              where ow.tenant_id = ${tenantId} and ow.offering_id = ${OFFERING_ID})`,
        })
        .from(offerings)
        .where(and(sql`${live}`, sql`((${offerings.startDate} <= ${at.toISOString()}::timestamptz and ${offerings.endDate} >= ${at.toISOString()}::timestamptz) or ${OFFERING_ID} = ${next})`))
        .orderBy(asc(offerings.startDate), asc(offerings.name));
    },

    /** Prospects' requests not yet decided. */
    async prospectsWaiting(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(allocationRequests)
        .where(and(eq(allocationRequests.tenantId, tenantId), eq(allocationRequests.status, 'pending')));
      return row?.n ?? 0;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
