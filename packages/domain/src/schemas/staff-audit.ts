import { z } from 'zod';
import { PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { textInput } from './primitives.js';

/*
 * The audit trail (issue 14, item 8): every staff write, who made it, when, and the record before
 * and after. Listed newest first, to managers and admins (ADR 016).
 */

const AUDIT_TEXT_MAX_LENGTH = 100;

/** An instant in a query: ISO 8601 ("2026-11-25" or "2026-11-25T08:00:00Z"). */
const instantInput = () =>
  textInput({ error: 'invalidDate' })
    .max(40, { error: 'invalidDate' })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'invalidDate' });

export const AuditQuerySchema = PageQuerySchema.extend({
  staffUserId: idInput().optional(),
  action: textInput().max(AUDIT_TEXT_MAX_LENGTH, { error: 'tooLong' }).optional(),
  entityType: textInput().max(AUDIT_TEXT_MAX_LENGTH, { error: 'tooLong' }).optional(),
  entityId: textInput().max(AUDIT_TEXT_MAX_LENGTH, { error: 'tooLong' }).optional(),
  /** From this instant on (inclusive). */
  from: instantInput().optional(),
  /** Before this instant (exclusive). */
  to: instantInput().optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  /** Who acted; null for the system (a scheduled reminder) or a colleague's account since removed. */
  staff: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;
