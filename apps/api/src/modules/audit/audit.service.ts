import { renderValidationMessage, type AuditEntryView, type AuditQuery, type Page } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';

const view = (row: AuditRow): AuditEntryView => ({
  id: row.id,
  staff: row.staffId ? { id: row.staffId, name: row.staffName!, email: row.staffEmail! } : null,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
  createdAt: row.createdAt.toISOString(),
});

const invalidCursor = () => {
  const message = renderValidationMessage('invalidCursor');
  return new ApiError('validationError', message, [{ field: 'cursor', code: 'invalidCursor', message }]);
};

/** The audit trail, newest first, with filters (issue 14, item 8). */
export function createAuditService(repository: AuditRepository) {
  return {
    async list(tenantId: string, query: AuditQuery): Promise<Page<AuditEntryView>> {
      const key = decodeCursor(query.cursor, 2);
      let after: { createdAt: Date; id: string } | undefined;
      if (key) {
        const [at, id] = key;
        const createdAt = new Date(String(at));
        if (typeof id !== 'string' || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw invalidCursor();
        after = { createdAt, id };
      }
      const rows = await repository.page(
        tenantId,
        {
          staffUserId: query.staffUserId,
          action: query.action || undefined,
          entityType: query.entityType || undefined,
          entityId: query.entityId || undefined,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        query.limit,
        after,
      );
      return toPage(rows, query.limit, (row) => [row.createdAt.toISOString(), row.id], view);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
