import { renderValidationMessage, type AuditEntryView, type AuditQuery, type Page } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { fullName, subjectKey, type AuditRepository, type AuditRow, type AuditSubject } from './audit.repository.js';

/** A removed record's name as the entry's before (or after) shows it: a tier's name, a member's. */
function lastSeen(row: AuditRow): AuditEntryView['subject'] {
  const record = [row.before, row.after].find((value) => value && typeof value === 'object') as Record<string, unknown> | undefined;
  if (!record) return null;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string).trim() : '');
  const name = text('name') || fullName({ firstName: text('firstName'), lastName: text('lastName') }) || text('number');
  return name ? { name, detail: text('email') || null, gone: true, memberId: null } : null;
}

const subjectOf = (row: AuditRow, subjects: Map<string, AuditSubject>): AuditEntryView['subject'] => {
  if (!row.entityId) return null;
  const found = subjects.get(subjectKey(row.entityType, row.entityId));
  return found ? { name: found.name, detail: found.detail, gone: false, memberId: found.memberId ?? null } : lastSeen(row);
};

const view = (row: AuditRow, subjects: Map<string, AuditSubject>): AuditEntryView => ({
  id: row.id,
  staff: row.staffId ? { id: row.staffId, name: row.staffName!, email: row.staffEmail! } : null,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  subject: subjectOf(row, subjects),
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
      const subjects = await repository.subjects(tenantId, rows.slice(0, query.limit));
      return toPage(rows, query.limit, (row) => [row.createdAt.toISOString(), row.id], (row) => view(row, subjects));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
