import { z } from 'zod';
import { pageOf, PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { INVITATION_STATES } from './staff-allocations.js';

const CustomerIdsSchema = z
  .array(idInput(), { error: 'invalidType' })
  .max(10_000, { error: 'tooLong' })
  .optional()
  .describe("Only these members of the offering; all of them when left out");

/** Only the offering's members in this tier (with or without customerIds). */
const TierFilterSchema = idInput().optional().describe("Only the offering's members in this tier");

/**
 * `POST /v1/staff/offerings/{offeringId}/invitations`: members already invited (queued or sent)
 * are skipped unless `resend`; deactivated members always are.
 */
export const InvitationsInputSchema = z
  .object({
    customerIds: CustomerIdsSchema,
    tierId: TierFilterSchema,
    resend: z.boolean({ error: 'invalidType' }).default(false),
  })
  // No body at all (Fastify gives null) means every member, no resend.
  .nullish();
export type InvitationsInput = z.output<typeof InvitationsInputSchema>;

/** `POST /v1/staff/offerings/{offeringId}/reminders`: invited members who have not ordered. */
export const RemindersInputSchema = z.object({ customerIds: CustomerIdsSchema, tierId: TierFilterSchema }).nullish();
export type RemindersInput = z.output<typeof RemindersInputSchema>;

/**
 * What a send did: e-mails queued, and members left out (already invited, deactivated, ordered,
 * opted out…); `optedOut` counts those of the skipped who turned this kind of e-mail off.
 */
export const MailsQueuedSchema = z.object({ queued: z.number().int(), skipped: z.number().int(), optedOut: z.number().int() });
export type MailsQueued = z.infer<typeof MailsQueuedSchema>;

export const InvitationListQuerySchema = PageQuerySchema.extend({
  state: z.enum(INVITATION_STATES, { error: 'invalidType' }).optional(),
  tierId: TierFilterSchema,
});

/** `GET …/invitations/summary?tierId=`: the figures of one tier's members, or of all. */
export const InvitationSummaryQuerySchema = z.object({ tierId: TierFilterSchema });
export type InvitationListQuery = z.output<typeof InvitationListQuerySchema>;

export const StaffInvitationSchema = z.object({
  customerId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  state: z.enum(INVITATION_STATES),
  /** ISO instants: the first invitation, the last e-mail sent, the link first used, the first order. */
  invitedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  linkUsedAt: z.string().nullable(),
  orderedAt: z.string().nullable(),
  /** Why the last e-mail failed (the mail server's words), when it did. */
  lastError: z.string().nullable(),
  /** The member turned offering reminders off in their account: reminders skip them. */
  remindersOptedOut: z.boolean(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;
export const StaffInvitationPageSchema = pageOf(StaffInvitationSchema);

/** Members of the offering per invitation state; `invited` counts every state but none and optedOut. */
export const InvitationSummarySchema = z.object({
  allocated: z.number().int(),
  invited: z.number().int(),
  /** Never invited, and they turned offering invitations off: a send skips them. */
  optedOut: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  linkUsed: z.number().int(),
  ordered: z.number().int(),
});
export type InvitationSummary = z.infer<typeof InvitationSummarySchema>;
