import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { auditLog, staffUsers } from '../../db/schema/index.js';

export interface AuditFilter {
  staffUserId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

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
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
export type AuditRow = Awaited<ReturnType<AuditRepository['page']>>[number];
