import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const maybeDate = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));

export interface StandingAllocationRow {
  allocationId: string;
  offeringId: string;
  name: string;
  opensAt: Date;
  closesAt: Date;
  closedEarlyAt: Date | null;
}

export interface StandingWineRow {
  allocationId: string;
  wineId: string;
  name: string;
  vintage: number;
  sizeMl: number;
  sortOrder: number;
  minimum: number;
  maximum: number;
  ordered: number;
  wishQuantity: number | null;
  wishStatus: 'requested' | 'granted' | 'declined' | null;
  wishGranted: number | null;
}

export interface StandingOrderRow {
  id: string;
  allocationId: string;
  number: string;
  placedAt: Date;
}

/** Reads of a member's standing: their allocations in published offerings, by their own window. */
export function createStandingRepository(db: Database) {
  return {
    /** Every allocation of the member in a published, not cancelled offering that opened for them by `now`. */
    async allocations(tenantId: string, customerId: string, now: Date): Promise<StandingAllocationRow[]> {
      const rows = rowsOf(
        await db.execute(sql`
          select w.allocation_id, w.offering_id, o.name, w.opens_at, w.closes_at, o.closed_early_at
            from allocation_windows w
            join offerings o on o.id = w.offering_id and o.tenant_id = w.tenant_id
           where w.tenant_id = ${tenantId} and w.customer_id = ${customerId}::uuid
             and o.status = 'published' and o.cancelled_at is null
             and w.opens_at <= ${now.toISOString()}::timestamptz
           order by w.opens_at desc, w.allocation_id`),
      );
      return rows.map((row) => ({
        allocationId: String(row.allocation_id),
        offeringId: String(row.offering_id),
        name: String(row.name),
        opensAt: date(row.opens_at),
        closesAt: date(row.closes_at),
        closedEarlyAt: maybeDate(row.closed_early_at),
      }));
    },

    /**
     * For each allocation, every wine it names: offered (the member's limits), ordered (cancelled
     * orders left out) or wished for, whichever of them made the wine part of their offering.
     */
    async wines(tenantId: string, allocationIds: string[]): Promise<StandingWineRow[]> {
      if (allocationIds.length === 0) return [];
      const ids = sql.join(allocationIds.map((id) => sql`${id}::uuid`), sql`, `);
      const rows = rowsOf(
        await db.execute(sql`
          with named as (
            select allocation_id, offering_wine_id from allocation_lines where tenant_id = ${tenantId} and allocation_id in (${ids})
            union
            select allocation_id, offering_wine_id from wishes where tenant_id = ${tenantId} and allocation_id in (${ids})
            union
            select o.allocation_id, l.offering_wine_id
              from orders o join order_lines l on l.order_id = o.id
             where o.tenant_id = ${tenantId} and o.allocation_id in (${ids}) and o.status <> 'cancelled'
          ),
          ordered as (
            select o.allocation_id, l.offering_wine_id, sum(l.quantity)::int as bottles
              from orders o join order_lines l on l.order_id = o.id
             where o.tenant_id = ${tenantId} and o.allocation_id in (${ids}) and o.status <> 'cancelled'
             group by o.allocation_id, l.offering_wine_id
          )
          select n.allocation_id, ow.id as wine_id, wn.name, wn.vintage, wn.size_ml, ow.sort_order,
                 coalesce(al.minimum, 0) as minimum, coalesce(al.maximum, 0) as maximum,
                 coalesce(od.bottles, 0) as ordered,
                 wi.quantity as wish_quantity, wi.status as wish_status, wi.granted_quantity as wish_granted
            from named n
            join offering_wines ow on ow.id = n.offering_wine_id
            join wines wn on wn.id = ow.wine_id
            left join allocation_lines al on al.allocation_id = n.allocation_id and al.offering_wine_id = n.offering_wine_id
            left join wishes wi on wi.allocation_id = n.allocation_id and wi.offering_wine_id = n.offering_wine_id
            left join ordered od on od.allocation_id = n.allocation_id and od.offering_wine_id = n.offering_wine_id
           order by ow.sort_order, wn.name, wn.vintage`),
      );
      return rows.map((row) => ({
        allocationId: String(row.allocation_id),
        wineId: String(row.wine_id),
        name: String(row.name),
        vintage: Number(row.vintage),
        sizeMl: Number(row.size_ml),
        sortOrder: Number(row.sort_order),
        minimum: Number(row.minimum),
        maximum: Number(row.maximum),
        ordered: Number(row.ordered),
        wishQuantity: row.wish_quantity === null ? null : Number(row.wish_quantity),
        wishStatus: (row.wish_status as StandingWineRow['wishStatus']) ?? null,
        wishGranted: row.wish_granted === null ? null : Number(row.wish_granted),
      }));
    },

    /** The member's orders in these allocations, cancelled ones left out, oldest first. */
    async orders(tenantId: string, customerId: string, allocationIds: string[]): Promise<StandingOrderRow[]> {
      if (allocationIds.length === 0) return [];
      const ids = sql.join(allocationIds.map((id) => sql`${id}::uuid`), sql`, `);
      const rows = rowsOf(
        await db.execute(sql`
          select id, allocation_id, number, placed_at from orders
           where tenant_id = ${tenantId} and customer_id = ${customerId}::uuid and allocation_id in (${ids}) and status <> 'cancelled'
           order by placed_at, number`),
      );
      return rows.map((row) => ({ id: String(row.id), allocationId: String(row.allocation_id), number: String(row.number), placedAt: date(row.placed_at) }));
    },

    async rulesHtml(tenantId: string): Promise<string | null> {
      const [row] = rowsOf(await db.execute(sql`select list_rules_html from tenants where id = ${tenantId}`));
      const html = row?.list_rules_html;
      return typeof html === 'string' && html.trim() !== '' ? html : null;
    },
  };
}

export type StandingRepository = ReturnType<typeof createStandingRepository>;
