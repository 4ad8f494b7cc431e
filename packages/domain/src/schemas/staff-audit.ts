import { z } from 'zod';
import { PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { textInput } from './primitives.js';

/*
 * The audit trail (issue 14, item 8): every staff write, who made it, when, and the record before
 * and after. Listed newest first, to managers and admins (ADR 016).
 */

const AUDIT_TEXT_MAX_LENGTH = 100;

/** What a staff write can be, as `<entity>.<verb>`: every entry's action is one of these. */
export const AUDIT_ACTIONS = [
  'offering.create', 'offering.update', 'offering.publish', 'offering.close', 'offering.duplicate', 'offering.openings', 'offering.admissionRate',
  'wine.create', 'wine.update', 'wine.image.replace', 'wine.image.describe', 'wine.image.remove',
  'allocation.assign', 'allocation.import', 'allocation.bulk', 'allocation.delete',
  'invitation.send', 'invitation.remind',
  'wish.grant', 'wish.decline',
  'allocationRequest.approve', 'allocationRequest.decline',
  'member.create', 'member.update', 'member.import', 'member.tier', 'member.invite', 'member.accountLink', 'member.deactivate', 'member.reactivate',
  'tier.create', 'tier.update', 'tier.delete',
  'listRules.replace',
  'order.processing', 'order.shipped', 'order.ready_for_pickup', 'order.picked_up', 'order.cancelled', 'order.tracking',
  'rates.replace',
  'bottles.import',
  'staffAccount.invite', 'staffAccount.reinvite', 'staffAccount.createPassword', 'staffAccount.role', 'staffAccount.deactivate', 'staffAccount.reactivate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: the part of its action before the verb (an invitation is its allocation's). */
export const AUDIT_ENTITY_TYPES = ['offering', 'wine', 'allocation', 'wish', 'allocationRequest', 'member', 'tier', 'listRules', 'order', 'rates', 'bottles', 'staffAccount'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

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
  /**
   * Whom or what the entry is about, as the record reads now: a member's or a colleague's name and
   * e-mail, an order's number, a wine's name and vintage, an offering's, a tier's; an allocation's
   * or a wish's member, with the offering. A record since removed is named as the entry last saw
   * it (`gone`); null when the entry names no record, or none the entry can name.
   */
  subject: z
    .object({
      name: z.string(),
      detail: z.string().nullable(),
      gone: z.boolean(),
      /** Whose allocation or wish it is: the member's page is where it is read. */
      memberId: z.uuid().nullable(),
    })
    .nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;
