import { and, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { AuditEntityType } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { allocationRequests, allocations, auditLog, customers, offerings, orders, staffUsers, tiers, wines, wishes } from '../../db/schema/index.js';
import { isUuid } from '../../shared/uuid.js';

export interface AuditFilter {
  staffUserId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

/** Whom or what an entry is about, as the record reads now. */
export interface AuditSubject {
  name: string;
  detail: string | null;
  /** The member an allocation or a wish is theirs, whose page it is read on. */
  memberId?: string;
}

/** An entry's subject is found by its type and id: `member:<id>`. */
export const subjectKey = (entityType: string, entityId: string) => `${entityType}:${entityId}`;

/** A person's name as the trail says it: first and last, either alone when the other is empty. */
export const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/** The sort key of the last row sent: its time (ISO) and id, newest first. */
export type AuditAfter = { createdAt: Date; id: string };

export function createAuditRepository(db: Database) {
  return {
    /** limit + 1 entries after the key, newest first, each with who made it (null for the system or a removed account). */
    async page(tenantId: string, filter: AuditFilter, limit: number, after: AuditAfter | undefined) {
      const conditions: (SQL | undefined)[] = [
        eq(auditLog.tenantId, tenantId),
        filter.staffUserId ? eq(auditLog.staffUserId, filter.staffUserId) : undefined,
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
        filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
        filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
        after
          ? or(lt(auditLog.createdAt, after.createdAt), and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)))
          : undefined,
      ];
      return db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          entityType: auditLog.entityType,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
          staffId: staffUsers.id,
          staffName: staffUsers.name,
          staffEmail: staffUsers.email,
        })
        .from(auditLog)
        .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffUserId))
        .where(and(...conditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit + 1);
    },

    /**
     * The subjects of a page's entries, by `subjectKey`: one query per kind of record the page
     * names (a page of 50 makes at most nine). Records since removed have none.
     */
    async subjects(tenantId: string, entries: Array<{ entityType: string; entityId: string | null }>): Promise<Map<string, AuditSubject>> {
      const member = { firstName: customers.firstName, lastName: customers.lastName };
      // Each kind's lookup: its records among the ids, named.
      type Named = Array<{ id: string } & AuditSubject>;
      const lookups: Partial<Record<AuditEntityType, (ids: string[]) => Promise<Named>>> = {
        member: async (ids) => {
          const rows = await db.select({ id: customers.id, ...member, email: customers.email }).from(customers).where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids)));
          return rows.map((row) => ({ id: row.id, name: fullName(row), detail: row.email }));
        },
        staffAccount: (ids) => db.select({ id: staffUsers.id, name: staffUsers.name, detail: staffUsers.email }).from(staffUsers).where(and(eq(staffUsers.tenantId, tenantId), inArray(staffUsers.id, ids))),
        allocationRequest: async (ids) => {
          const rows = await db
            .select({ id: allocationRequests.id, firstName: allocationRequests.firstName, lastName: allocationRequests.lastName, email: allocationRequests.email })
            .from(allocationRequests)
            .where(and(eq(allocationRequests.tenantId, tenantId), inArray(allocationRequests.id, ids)));
          return rows.map((row) => ({ id: row.id, name: fullName(row), detail: row.email }));
        },
        order: async (ids) => {
          const rows = await db
            .select({ id: orders.id, number: orders.number, ...member })
            .from(orders)
            .innerJoin(customers, eq(customers.id, orders.customerId))
            .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)));
          return rows.map((row) => ({ id: row.id, name: row.number, detail: fullName(row) }));
        },
        wine: async (ids) => {
          const rows = await db.select({ id: wines.id, name: wines.name, vintage: wines.vintage }).from(wines).where(and(eq(wines.tenantId, tenantId), inArray(wines.id, ids)));
          return rows.map((row) => ({ id: row.id, name: `${row.name} ${row.vintage}`, detail: null }));
        },
        offering: async (ids) => {
          const rows = await db.select({ id: offerings.id, name: offerings.name }).from(offerings).where(and(eq(offerings.tenantId, tenantId), inArray(offerings.id, ids)));
          return rows.map((row) => ({ ...row, detail: null }));
        },
        tier: async (ids) => {
          const rows = await db.select({ id: tiers.id, name: tiers.name }).from(tiers).where(and(eq(tiers.tenantId, tenantId), inArray(tiers.id, ids)));
          return rows.map((row) => ({ ...row, detail: null }));
        },
        allocation: async (ids) => {
          const rows = await db
            .select({ id: allocations.id, memberId: customers.id, ...member, offering: offerings.name })
            .from(allocations)
            .innerJoin(customers, eq(customers.id, allocations.customerId))
            .innerJoin(offerings, eq(offerings.id, allocations.offeringId))
            .where(and(eq(allocations.tenantId, tenantId), inArray(allocations.id, ids)));
          return rows.map((row) => ({ id: row.id, name: fullName(row), detail: row.offering, memberId: row.memberId }));
        },
        wish: async (ids) => {
          const rows = await db
            .select({ id: wishes.id, memberId: customers.id, ...member, offering: offerings.name })
            .from(wishes)
            .innerJoin(allocations, eq(allocations.id, wishes.allocationId))
            .innerJoin(customers, eq(customers.id, allocations.customerId))
            .innerJoin(offerings, eq(offerings.id, allocations.offeringId))
            .where(and(eq(wishes.tenantId, tenantId), inArray(wishes.id, ids)));
          return rows.map((row) => ({ id: row.id, name: fullName(row), detail: row.offering, memberId: row.memberId }));
        },
      };
      const found = new Map<string, AuditSubject>();
      await Promise.all(
        Object.entries(lookups).map(async ([type, lookup]) => {
          const ids = [...new Set(entries.filter((entry) => entry.entityType === type && isUuid(entry.entityId)).map((entry) => entry.entityId!))];
          if (ids.length === 0) return;
          for (const { id, ...subject } of await lookup(ids)) found.set(subjectKey(type, id), subject);
        }),
      );
      return found;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
export type AuditRow = Awaited<ReturnType<AuditRepository['page']>>[number];
