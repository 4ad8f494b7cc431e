import { openingState, type AllocationMetaData, type Offering, type Wish, type WishInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { markdownHtml } from '../staff/markdown.js';
import { wineImageView } from '../wine-images/wine-image-view.js';
import type { OfferingsRepository } from './offerings.repository.js';

/** When choosing and ordering end: the end date, or a cancellation that comes sooner. */
export function closesAt(offering: { endDate: Date; cancelledAt: Date | null }): Date {
  return offering.cancelledAt && offering.cancelledAt.getTime() < offering.endDate.getTime() ? offering.cancelledAt : offering.endDate;
}

export function createOfferingsService(repository: OfferingsRepository, now: () => Date) {
  /**
   * The member's own allocation, or the same 404 whether it is someone else's, in a draft
   * offering (members never see drafts), or does not exist.
   */
  async function ownAllocation(tenantId: string, customerId: string, allocationId: string) {
    const row = await repository.findAllocation(tenantId, customerId, allocationId);
    if (!row) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
    return row;
  }

  return {
    /**
     * Everything the offering pages show, for this member: only the wines they were allocated,
     * with their own limits and wishes. Combination rules are kept when they concern a wine the
     * member can see; stock shows only as "available", never as a count.
     */
    async view(tenantId: string, customerId: string, allocationId: string): Promise<Offering> {
      const row = await ownAllocation(tenantId, customerId, allocationId);
      const { offering, window } = row;
      const at = now();
      const [wines, pickupLocations, shippingNotices] = await Promise.all([
        repository.memberWines(tenantId, allocationId, at),
        repository.pickupLocations(tenantId),
        repository.shippingNotices(tenantId),
      ]);
      const shown = new Set(wines.map((wine) => wine.id));
      return {
        allocationId: row.allocationId,
        name: offering.name,
        campaignType: offering.campaignType,
        slug: offering.slug,
        // The member's own window: their tier's opening and close (issue 17).
        startDate: window.opensAt.toISOString(),
        endDate: window.closesAt.toISOString(),
        closesAt: closesAt({ endDate: window.closesAt, cancelledAt: offering.cancelledAt }).toISOString(),
        serverTime: at.toISOString(),
        metaData: { ...offering.metaData, ...row.allocationMetaData } as AllocationMetaData,
        letter: offering.letter,
        vintageNotes: offering.vintageNotes,
        letterHtml: markdownHtml(offering.letterMarkdown),
        vintageNotesHtml: markdownHtml(offering.vintageNotesMarkdown),
        wines: wines.map((wine) => ({
          id: wine.id,
          name: wine.name,
          vintage: wine.vintage,
          sizeMl: wine.sizeMl,
          priceCents: wine.priceCents,
          description: wine.description,
          minimum: wine.minimum,
          maximum: wine.maximum,
          available: wine.bottlesLeft > 0,
          ordered: wine.ordered,
          wish: wine.wishStatus === null || wine.wishQuantity === null ? null : { quantity: wine.wishQuantity, status: wine.wishStatus },
          image: wineImageView(tenantId, wine.wineId, wine.imageVariants),
        })),
        orderMinimumCents: row.allocationOrderMinimumCents ?? offering.orderMinimumCents,
        combinations: offering.combinations.filter((rule) => shown.has(rule.wineId)),
        pickupLocations,
        shippingNotices,
      };
    },

    /**
     * Asks for `quantity` bottles beyond the member's maximum of one wine. Only while the offering
     * is open (in its window, not cancelled), also to a member who has ordered and may still add
     * bottles; asking again replaces the quantity until staff answer.
     */
    async wish(tenantId: string, customerId: string, allocationId: string, input: WishInput): Promise<Wish & { created: boolean }> {
      const row = await ownAllocation(tenantId, customerId, allocationId);
      const at = now();
      // The member's own window: a member of a tier that opens later cannot wish before it.
      const open = openingState(row.window, at) === 'open';
      if (!open || closesAt({ endDate: row.window.closesAt, cancelledAt: row.offering.cancelledAt }).getTime() <= at.getTime()) {
        throw new ApiError('conflict', API_MESSAGES.wishOfferingNotOpen);
      }
      if (!(await repository.hasAllocationLine(tenantId, allocationId, input.wineId))) {
        throw new ApiError('validationError', API_MESSAGES.validation, [
          { field: 'wineId', code: 'wineNotInAllocation', message: API_MESSAGES.unknownWine },
        ]);
      }
      const saved = await repository.upsertWish({
        tenantId,
        allocationId,
        offeringWineId: input.wineId,
        quantity: input.quantity,
        at: now(),
      });
      if (!saved) throw new ApiError('conflict', API_MESSAGES.wishAnswered);
      return { wineId: saved.offeringWineId, quantity: saved.quantity, status: saved.status, created: saved.created };
    },
  };
}

export type OfferingsService = ReturnType<typeof createOfferingsService>;
