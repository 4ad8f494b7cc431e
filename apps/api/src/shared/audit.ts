import type { AuditAction, AuditEntityType } from '@winery/domain';
import type { Database } from '../db/database.js';
import { auditLog } from '../db/schema/index.js';
import type { SignedInStaff } from './principals.js';

/** Who acted: the signed-in staff member, or null for the system (a scheduled reminder). */
export interface AuditActor {
  tenantId: string;
  staff: Pick<SignedInStaff, 'staffUserId'> | null;
}

export interface AuditEntry {
  /** What was done, as `<entity>.<verb>`: 'wine.create', 'offering.close', 'allocation.import'. */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  /** The record before and after the change (null when it did not exist / no longer exists). */
  before?: unknown;
  after?: unknown;
}

/** Keys never copied into the audit trail, whatever record they come from. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'token', 'linkSecrets', 'cardNumber', 'cvv', 'gatewayToken']);

/** A JSON copy of a record with secrets dropped and dates as ISO strings. */
export function auditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (key, inner: unknown) => (SECRET_KEYS.has(key) ? undefined : inner)));
}

/**
 * Records one staff write. Call it with the transaction that makes the change (`tx`), never
 * after it: the entry and the change are committed together or not at all (issue 14, item 8).
 */
export async function recordAudit(tx: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** Many entries in one insert (a bulk change writes one entry per record it touched). */
export async function recordAudits(tx: Database, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      tenantId: actor.tenantId,
      staffUserId: actor.staff?.staffUserId ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      before: auditSnapshot(entry.before),
      after: auditSnapshot(entry.after),
    })),
  );
}
