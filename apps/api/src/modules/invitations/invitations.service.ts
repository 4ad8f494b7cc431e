import {
  graceEndsAt,
  INVITATION_STATES,
  type InvitationListQuery,
  type InvitationState,
  type InvitationSummary,
  type MailsQueued,
  type Page,
  type StaffInvitation,
} from '@winery/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AuditActor } from '../../shared/audit.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { linkUrl } from '../links/link-tokens.js';
import type { MailService } from '../mail/mail.service.js';
import { isoOrNull } from './invitation-state.js';
import type { InvitationQueries, InvitationsRepository, OfferingRow } from './invitations.repository.js';

/** States of a member who has had an invitation that went (or is going) out. */
const INVITED: ReadonlySet<InvitationState> = new Set(['queued', 'sent', 'linkUsed', 'ordered']);

type Member = Awaited<ReturnType<InvitationQueries['members']>>[number];

/** Which of the offering's members a send is for: those named, those in a tier, both, or all. */
interface MemberFilter {
  customerIds?: string[] | undefined;
  tierId?: string | undefined;
}

/**
 * Staff e-mail members their personal allocation links: invitations (each member once, unless
 * resent), reminders on demand, and the scheduled reminder some days before the offering closes
 * (run by the mail worker's tick, once whatever the number of instances). Every send records an
 * offering_invitations row per e-mail (its mail and link token), from which the console follows
 * each member from queued to ordered.
 */
export function createInvitationsService(deps: { repository: InvitationsRepository; mail: MailService; now: () => Date; log?: FastifyBaseLogger }) {
  const { repository, mail, now } = deps;

  /** The offering, if links may still be sent for it: 404 unknown, 409 draft, cancelled or past its grace window. */
  async function sendable(tenantId: string, offeringId: string, at: Date): Promise<OfferingRow> {
    const offering = await repository.findOffering(tenantId, offeringId);
    if (!offering) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
    if (offering.status === 'draft') throw new ApiError('conflict', API_MESSAGES.offeringDraft);
    if (offering.cancelledAt || graceEndsAt({ closesAt: offering.endDate }).getTime() <= at.getTime()) {
      throw new ApiError('conflict', API_MESSAGES.offeringLinksOver);
    }
    return offering;
  }

  /** 400 naming each customer id that has no allocation in the offering. */
  function checkNamed(members: Member[], customerIds?: string[]) {
    if (!customerIds) return;
    const found = new Set(members.map((member) => member.customerId));
    const missing = customerIds.flatMap((id, index) =>
      found.has(id) ? [] : [{ field: `customerIds.${index}`, code: 'notInOffering', message: API_MESSAGES.notInOffering }],
    );
    if (missing.length > 0) throw new ApiError('validationError', API_MESSAGES.validation, missing);
  }

  /**
   * Queues one allocation-link e-mail per member, in `q`'s transaction, and records each. The mail
   * service reads each member's choice again (issue 15): one who opted out a moment ago is not
   * mailed, and the link made for them is dropped. Answers how many were queued.
   */
  async function queue(q: InvitationQueries, actor: AuditActor, offering: OfferingRow, members: Member[], kind: 'invitation' | 'reminder', at: Date): Promise<number> {
    const expiresAt = graceEndsAt({ closesAt: offering.endDate });
    const rows = [];
    for (const member of members) {
      const link = await q.issueAllocationLink({ tenantId: actor.tenantId, customerId: member.customerId, allocationId: member.allocationId, createdAt: at, expiresAt });
      const data = { firstName: member.firstName, url: linkUrl('allocation', link.token), offeringName: offering.name, closesOn: offering.endDate.toISOString() };
      const queued = await mail.enqueueIfWanted(
        {
          tenantId: actor.tenantId,
          customerId: member.customerId,
          to: member.email,
          template: kind === 'invitation' ? { kind: 'allocation-link', ...data } : { kind: 'invitation-reminder', ...data },
        },
        q.database,
      );
      if (!queued) {
        await q.dropLink(link.id);
        continue;
      }
      rows.push({ tenantId: actor.tenantId, offeringId: offering.id, allocationId: member.allocationId, customerId: member.customerId, kind, mailId: queued.id, linkTokenId: link.id, createdAt: at });
    }
    await q.recordInvitations(rows);
    await q.recordAudits(
      actor,
      rows.map((row) => ({ action: kind === 'invitation' ? 'invitation.send' : 'invitation.remind', entityType: 'allocation', entityId: row.allocationId, after: { customerId: row.customerId, mailId: row.mailId } })),
    );
    return rows.length;
  }

  /** Reminders to the members given (or all) who were invited and have not ordered; in `q`'s transaction. */
  async function remind(q: InvitationQueries, actor: AuditActor, offering: OfferingRow, filter: MemberFilter, at: Date): Promise<MailsQueued> {
    const { customerIds, tierId } = filter;
    await q.lockSending(offering.id);
    const members = await q.members(actor.tenantId, offering.id, customerIds, tierId);
    checkNamed(members, customerIds);
    const invited = members.filter((member) => !member.deactivated && member.state !== 'none' && member.state !== 'optedOut' && member.state !== 'ordered');
    // Members who turned reminders off in their account are left out (issue 15).
    const due = invited.filter((member) => member.wantsReminders);
    const queued = await queue(q, actor, offering, due, 'reminder', at);
    return { queued, skipped: members.length - queued, optedOut: invited.length - queued };
  }

  return {
    /**
     * Invitations to the offering's members (or those named): skipped are the deactivated, those
     * who turned offering invitations off, and, unless `resend`, those already invited (an e-mail
     * queued or sent, the link used, ordered); a failed e-mail is sent again. The same request sent ten times at once queues each e-mail once.
     */
    async send(actor: AuditActor, offeringId: string, input: MemberFilter & { resend?: boolean } = {}): Promise<MailsQueued> {
      const at = now();
      const offering = await sendable(actor.tenantId, offeringId, at);
      return repository.transaction(async (q) => {
        await q.lockSending(offeringId);
        const members = await q.members(actor.tenantId, offeringId, input.customerIds, input.tierId);
        checkNamed(members, input.customerIds);
        const unique = [...new Map(members.map((member) => [member.customerId, member])).values()];
        const eligible = unique.filter((member) => !member.deactivated && (input.resend || !INVITED.has(member.state)));
        // Members who turned offering invitations off in their account are left out (issue 15).
        const due = eligible.filter((member) => member.wantsInvitations);
        const queued = await queue(q, actor, offering, due, 'invitation', at);
        return { queued, skipped: unique.length - queued, optedOut: eligible.length - queued };
      });
    },

    async remind(actor: AuditActor, offeringId: string, filter: MemberFilter = {}): Promise<MailsQueued> {
      const at = now();
      const offering = await sendable(actor.tenantId, offeringId, at);
      return repository.transaction((q) => remind(q, actor, offering, filter, at));
    },

    /**
     * The scheduled reminders now due (reminderDaysBefore days before the end of a published,
     * open offering): each offering's is claimed by one atomic update, so with any number of
     * workers ticking at once it is sent once; the claim and the e-mails commit together.
     */
    async remindDue(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const due of await repository.dueReminders(at)) {
        try {
          sent += await repository.transaction(async (q) => {
            if (!(await q.claimReminder(due.tenantId, due.id, at))) return 0;
            const offering = (await q.findOffering(due.tenantId, due.id))!;
            return (await remind(q, { tenantId: due.tenantId, staff: null }, offering, {}, at)).queued;
          });
        } catch (error) {
          deps.log?.error({ err: error, offeringId: due.id }, 'scheduled reminder failed; the next tick tries again');
        }
      }
      return sent;
    },

    async list(tenantId: string, offeringId: string, query: InvitationListQuery): Promise<Page<StaffInvitation>> {
      const after = decodeCursor(query.cursor, 3);
      if (!(await repository.findOffering(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      const rows = await repository.page(tenantId, offeringId, { state: query.state, tierId: query.tierId, after, limit: query.limit + 1 });
      return toPage(
        rows,
        query.limit,
        (row) => [row.lastName, row.firstName, row.allocationId],
        ({ allocationId: _allocationId, ...row }) => ({
          ...row,
          remindersOptedOut: Boolean(row.remindersOptedOut),
          invitedAt: isoOrNull(row.invitedAt),
          sentAt: isoOrNull(row.sentAt),
          linkUsedAt: isoOrNull(row.linkUsedAt),
          orderedAt: isoOrNull(row.orderedAt),
          lastError: row.lastError ?? null,
        }),
      );
    },

    async summary(tenantId: string, offeringId: string, tierId?: string): Promise<InvitationSummary> {
      if (!(await repository.findOffering(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      const counts = Object.fromEntries(INVITATION_STATES.map((state) => [state, 0])) as Record<InvitationState, number>;
      for (const row of await repository.countByState(tenantId, offeringId, tierId)) counts[row.state] = Number(row.n);
      const allocated = INVITATION_STATES.reduce((sum, state) => sum + counts[state], 0);
      return {
        allocated,
        invited: allocated - counts.none - counts.optedOut,
        optedOut: counts.optedOut,
        queued: counts.queued,
        sent: counts.sent,
        failed: counts.failed,
        linkUsed: counts.linkUsed,
        ordered: counts.ordered,
      };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
