import type { StaffWish } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { StaffOfferingsRepository } from './staff-offerings.repository.js';

/**
 * Members' wishes for more bottles than their allocation, as staff answer them. Every answer
 * takes the offering's lock first (see the repository).
 */
export function createStaffWishesService(repository: StaffOfferingsRepository, now: () => Date) {
  const wishView = (row: Awaited<ReturnType<StaffOfferingsRepository['listWishes']>>[number]): StaffWish => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  });

  async function decide(tenantId: string, wishId: string, decision: 'granted' | 'declined'): Promise<StaffWish> {
    const offeringId = await repository.offeringOfWish(tenantId, wishId);
    if (!offeringId) throw new ApiError('notFound', API_MESSAGES.wishNotFound);
    await repository.transaction(async (q) => {
      // The offering first, as every staff write to it does: a grant and an assignment (or an edit
      // that takes the wine out) queue there instead of each holding a row the other needs.
      await q.lock(tenantId, offeringId, 'no key update');
      const wish = await q.lockWish(tenantId, wishId);
      if (!wish) throw new ApiError('notFound', API_MESSAGES.wishNotFound);
      // Answered once: a second grant would raise the maximum twice.
      if (wish.status !== 'requested') throw new ApiError('conflict', API_MESSAGES.wishDecided);
      if (decision === 'granted') await q.raiseMaximum(tenantId, wish.allocationId, wish.offeringWineId, wish.quantity);
      await q.decideWish(tenantId, wishId, decision, now());
    });
    const [row] = await repository.listWishes(tenantId, { wishId });
    return wishView(row!);
  }

  return {
    async list(tenantId: string, offeringId: string): Promise<StaffWish[]> {
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      return (await repository.listWishes(tenantId, { offeringId })).map(wishView);
    },

    grant: (tenantId: string, wishId: string) => decide(tenantId, wishId, 'granted'),
    decline: (tenantId: string, wishId: string) => decide(tenantId, wishId, 'declined'),
  };
}

export type StaffWishesService = ReturnType<typeof createStaffWishesService>;
