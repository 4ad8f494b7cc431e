import {
  allocateWishGrants,
  graceEndsAt,
  type Page,
  type StaffWish,
  type WishBulkGrantResult,
  type WishGrantRule,
} from '@winery/domain';
import type { WishStatus } from '../../db/schema/index.js';
import { ApiError, fieldError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AuditActor } from '../../shared/audit.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { linkUrl } from '../links/link-tokens.js';
import { issueLinkToken } from '../links/links.repository.js';
import type { MailService } from '../mail/mail.service.js';
import type { OfferingRow, StaffOfferingQueries, StaffOfferingsRepository } from './staff-offerings.repository.js';

type WishRow = Awaited<ReturnType<StaffOfferingsRepository['listWishes']>>[number];

const wishView = (row: WishRow): StaffWish => ({
  id: row.id,
  allocationId: row.allocationId,
  customerId: row.customerId,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  wineId: row.wineId,
  wineName: row.wineName,
  vintage: row.vintage,
  sizeMl: row.sizeMl,
  quantity: row.quantity,
  status: row.status,
  grantedQuantity: row.grantedQuantity,
  left: row.left,
  history: {
    offerings: row.historyOfferings,
    ordered: row.historyOrdered,
    wishesGranted: row.historyGranted,
    memberSince: row.memberSince,
  },
  maximum: row.maximum,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
});

const wineLabel = (row: WishRow) => `${row.wineName} ${row.vintage}`;

/**
 * Members' wishes for more bottles than their allocation, as staff answer them: one at a time (all
 * or part) or every waiting wish by a rule. Each answer takes the offering's lock first (see the
 * repository), is recorded in the audit trail and e-mails the member in the same transaction.
 */
export function createStaffWishesService(repository: StaffOfferingsRepository, now: () => Date, mail: MailService) {
  /** Raises the member's maximum, marks the wish granted, mails them a link to order; in `q`'s transaction. */
  async function grantOne(q: StaffOfferingQueries, actor: AuditActor, offering: OfferingRow, wish: WishRow, granted: number, at: Date) {
    await q.raiseMaximum(actor.tenantId, wish.allocationId, wish.offeringWineId, granted);
    await q.decideWish(actor.tenantId, wish.id, 'granted', at, granted);
    const token = await issueLinkToken(q.database, {
      tenantId: actor.tenantId,
      customerId: wish.customerId,
      purpose: 'allocation',
      allocationId: wish.allocationId,
      createdAt: at,
      expiresAt: new Date(Math.max(graceEndsAt({ closesAt: offering.endDate }).getTime(), at.getTime() + 1)),
    });
    await mail.enqueue(
      {
        tenantId: actor.tenantId,
        to: wish.email,
        template: {
          kind: 'wish-granted',
          firstName: wish.firstName,
          url: linkUrl('allocation', token),
          offeringName: offering.name,
          wineName: wineLabel(wish),
          granted,
          asked: wish.quantity,
          closesOn: offering.endDate.toISOString(),
        },
      },
      q.database,
    );
  }

  async function decide(actor: AuditActor, wishId: string, decision: 'granted' | 'declined', quantity?: number): Promise<StaffWish> {
    const { tenantId } = actor;
    const offeringId = await repository.offeringOfWish(tenantId, wishId);
    if (!offeringId) throw new ApiError('notFound', API_MESSAGES.wishNotFound);
    await repository.transaction(async (q) => {
      // The offering first, as every staff write to it does: a grant and an assignment (or an edit
      // that takes the wine out) queue there instead of each holding a row the other needs.
      const offering = await q.lock(tenantId, offeringId, 'no key update');
      const locked = await q.lockWish(tenantId, wishId);
      if (!offering || !locked) throw new ApiError('notFound', API_MESSAGES.wishNotFound);
      // Answered once: the same answer again changes nothing (and mails nobody), the other is a 409.
      if (locked.status === decision) return;
      if (locked.status !== 'requested') throw new ApiError('conflict', API_MESSAGES.wishDecided);
      const [wish] = await q.listWishes(tenantId, { wishId });
      const at = now();
      if (decision === 'granted') {
        const granted = quantity ?? wish!.quantity;
        if (granted > wish!.quantity) throw fieldError('quantity', 'moreThanAsked', API_MESSAGES.wishMoreThanAsked(wish!.quantity));
        if (granted > wish!.left) throw new ApiError('conflict', API_MESSAGES.wishMoreThanLeft(Math.max(0, wish!.left)));
        await grantOne(q, actor, offering, wish!, granted, at);
      } else {
        await q.decideWish(tenantId, wishId, 'declined', at);
        await mail.enqueue(
          {
            tenantId,
            to: wish!.email,
            template: {
              kind: 'wish-declined',
              firstName: wish!.firstName,
              offeringName: offering.name,
              wineName: wineLabel(wish!),
              asked: wish!.quantity,
            },
          },
          q.database,
        );
      }
      await q.recordAllocationAudits(actor, [
        {
          action: `wish.${decision === 'granted' ? 'grant' : 'decline'}`,
          entityType: 'wish',
          entityId: wishId,
          before: { status: 'requested', quantity: wish!.quantity },
          after: { status: decision, grantedQuantity: decision === 'granted' ? (quantity ?? wish!.quantity) : null },
        },
      ]);
    });
    const [row] = await repository.listWishes(tenantId, { wishId });
    return wishView(row!);
  }

  return {
    async list(
      tenantId: string,
      offeringId: string,
      query: { status?: WishStatus | undefined; limit: number; cursor?: string | undefined },
    ): Promise<Page<StaffWish>> {
      const after = decodeCursor(query.cursor, 3);
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      const rows = await repository.listWishes(tenantId, { offeringId, status: query.status, after, limit: query.limit + 1 });
      return toPage(rows, query.limit, (row) => [row.rank, row.cursorAt, row.id], wishView);
    },

    grant: (actor: AuditActor, wishId: string, quantity?: number) => decide(actor, wishId, 'granted', quantity),
    decline: (actor: AuditActor, wishId: string) => decide(actor, wishId, 'declined'),

    /**
     * Every waiting wish of the offering shared out by `rule` (domain wish-grants.ts), wine by wine,
     * never beyond what is left. A dry run only answers; otherwise each wish granted something is
     * granted and mailed in one transaction (those granted nothing stay waiting).
     */
    async bulkGrant(actor: AuditActor, offeringId: string, rule: WishGrantRule, dryRun: boolean): Promise<WishBulkGrantResult> {
      const { tenantId } = actor;
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      return repository.transaction(async (q) => {
        const offering = await q.lock(tenantId, offeringId, 'no key update');
        if (!offering) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
        if (!dryRun) await q.lockWaitingWishes(tenantId, offeringId);
        const waiting = (await q.listWishes(tenantId, { offeringId, status: 'requested' })) as WishRow[];
        const left = new Map((await q.bottlesLeft(tenantId, offeringId)).map((row) => [row.offeringWineId, row.left]));
        const grants: WishBulkGrantResult['grants'] = [];
        const at = now();
        for (const [offeringWineId, before] of left) {
          const claims = waiting.filter((wish) => wish.offeringWineId === offeringWineId);
          const shares = allocateWishGrants(
            claims.map((wish) => ({
              id: wish.id,
              asked: wish.quantity,
              requestedAt: wish.createdAt.toISOString(),
              memberSince: wish.memberSince,
              memberCreatedAt: wish.memberCreatedAt.toISOString(),
            })),
            before,
            rule,
          );
          for (const wish of claims) {
            const granted = shares.get(wish.id) ?? 0;
            grants.push({
              wishId: wish.id,
              customerName: `${wish.firstName} ${wish.lastName}`.trim(),
              wineName: wineLabel(wish),
              asked: wish.quantity,
              granted,
            });
            if (!dryRun && granted > 0) await grantOne(q, actor, offering, wish, granted, at);
          }
          left.set(offeringWineId, Math.max(0, before) - [...shares.values()].reduce((sum, n) => sum + n, 0));
        }
        if (!dryRun) {
          await q.recordAllocationAudits(
            actor,
            grants
              .filter((grant) => grant.granted > 0)
              .map((grant) => ({
                action: 'wish.grant',
                entityType: 'wish',
                entityId: grant.wishId,
                before: { status: 'requested', quantity: grant.asked },
                after: { status: 'granted', grantedQuantity: grant.granted, rule },
              })),
          );
        }
        return { rule, dryRun, grants, leftAfter: [...left].map(([wineId, n]) => ({ wineId, left: n })) };
      });
    },
  };
}

export type StaffWishesService = ReturnType<typeof createStaffWishesService>;
