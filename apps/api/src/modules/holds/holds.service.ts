import { holdExpiry, normaliseSelection, openingState, type Hold, type HoldAnswer, type HoldInput } from '@winery/domain';
import { apiText } from '../../i18n/i18n.js';
import { ApiError, fieldError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { choiceProblems, selectionError, wineLabel } from '../cart/selection.js';
import type { HoldAllocation, HoldsRepository, LiveHold } from './holds.repository.js';

/** The words of this area (packages/locales/en-US/api.json, `hold.*`). */
export const HOLD_MESSAGES = {
  /** What is left of a wine beyond other members' holds and orders: "Only 3 bottles of Quella 2021 are left. …" */
  short: (wine: string, available: number) => apiText('hold.short', { wine, count: available }),
  pickupNotFound: apiText('hold.pickupNotFound'),
};

/**
 * The waiting room's admission check (modules/waiting-room/): a member whose place has not come
 * up yet is answered 409 and holds nothing.
 */
export interface AdmissionCheck {
  assertAdmitted(tenantId: string, customerId: string, allocationId: string): Promise<void>;
}

const toView = (hold: LiveHold): Hold => ({ expiresAt: hold.expiresAt.toISOString(), locationId: hold.locationId, lines: hold.lines });

export function createHoldsService(deps: { repository: HoldsRepository; admission: AdmissionCheck; now: () => Date }) {
  const { repository, admission, now } = deps;

  async function ownAllocation(tenantId: string, customerId: string, allocationId: string): Promise<HoldAllocation> {
    const allocation = await repository.findAllocation(tenantId, customerId, allocationId);
    if (!allocation) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
    return allocation;
  }

  /**
   * Holds and orders are taken within the member's own window, never in an offering closed early;
   * before their opening it is not open for them yet, as the cart says.
   */
  function assertOpen(allocation: HoldAllocation, at: Date): void {
    const cancelled = allocation.cancelledAt !== null && allocation.cancelledAt.getTime() <= at.getTime();
    const state = openingState({ opensAt: allocation.opensAt, closesAt: allocation.closesAt }, at);
    if (!cancelled && state === 'open') return;
    throw new ApiError('conflict', !cancelled && state === 'before' ? API_MESSAGES.offeringNotOpenYet : API_MESSAGES.offeringClosed);
  }

  /** A pick-up location of the winery when one is named, else where shipped bottles come from. */
  async function holdLocation(tenantId: string, locationId: string | undefined): Promise<string> {
    const found = locationId ? await repository.pickupLocation(tenantId, locationId) : await repository.shipsFromLocation(tenantId);
    if (!found) throw fieldError('locationId', 'pickupNotFound', HOLD_MESSAGES.pickupNotFound);
    return found;
  }

  return {
    /**
     * Holds the member's cart for them: replaces their live hold (keeping its expiry) or starts
     * one of the offering's minutes. All of it or nothing: a wine that is short answers 409 with
     * what is left of each, and the member's earlier hold stays as it was.
     */
    async put(tenantId: string, customerId: string, allocationId: string, input: HoldInput): Promise<HoldAnswer> {
      const allocation = await ownAllocation(tenantId, customerId, allocationId);
      const cart = await repository.findCartById(tenantId, input.cartId);
      // Another member's cart, or one of another allocation, is not there for this allocation.
      if (!cart || cart.allocationId !== allocation.allocationId) throw new ApiError('notFound', API_MESSAGES.cartNotFound);
      if (cart.customerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherMemberCart);
      assertOpen(allocation, now());
      await admission.assertAdmitted(tenantId, customerId, allocation.allocationId);
      if (allocation.holdMinutes === null) return { hold: null, serverTime: now().toISOString() };
      const minutes = allocation.holdMinutes;
      const locationId = await holdLocation(tenantId, input.locationId);
      const lines = normaliseSelection(cart.lines);

      return repository.transaction(async (q) => {
        // The member's own holds and orders of the allocation queue here, so the expiry read below
        // is still theirs when the new hold is written.
        if (!(await q.lockAllocation(tenantId, customerId, allocation.allocationId))) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
        const { limits, taken } = await q.choiceContext(tenantId, customerId, allocation.allocationId);
        const problems = choiceProblems(lines, { limits, taken, orderMinimumCents: allocation.orderMinimumCents, combinations: allocation.combinations });
        if (problems.length > 0) throw selectionError(problems, limits);

        const at = now();
        const current = await q.liveHold(tenantId, allocation.allocationId, at);
        const expiresAt = holdExpiry({ now: at, minutes, current });
        const placed = await q.place({ tenantId, offeringId: allocation.offeringId, allocationId: allocation.allocationId, customerId, locationId, lines, now: at, expiresAt });
        if (!placed.held) {
          const byId = new Map(limits.map((limit) => [limit.offeringWineId, limit]));
          const errors = placed.short.map(({ offeringWineId, available }) => {
            const wine = byId.get(offeringWineId);
            const message = HOLD_MESSAGES.short(wine ? wineLabel(wine) : API_MESSAGES.thisWine, available);
            return { field: `lines.${offeringWineId}`, code: 'short', message };
          });
          throw new ApiError('conflict', errors[0]!.message, errors);
        }
        return { hold: toView({ expiresAt, locationId, lines: [...lines].sort((a, b) => (a.wineId < b.wineId ? -1 : 1)) }), serverTime: at.toISOString() };
      });
    },

    /** The member's live hold of the allocation (null when there is none, or the offering holds nothing). */
    async get(tenantId: string, customerId: string, allocationId: string): Promise<HoldAnswer> {
      const allocation = await ownAllocation(tenantId, customerId, allocationId);
      const at = now();
      if (allocation.holdMinutes === null) return { hold: null, serverTime: at.toISOString() };
      const hold = await repository.liveHold(tenantId, allocation.allocationId, at);
      return { hold: hold ? toView(hold) : null, serverTime: at.toISOString() };
    },

    /** Gives the member's held bottles back at once (an expired hold needs nothing: it no longer counts). */
    async release(tenantId: string, customerId: string, allocationId: string): Promise<void> {
      const allocation = await ownAllocation(tenantId, customerId, allocationId);
      await repository.release(tenantId, allocation.allocationId, now());
    },
  };
}

export type HoldsService = ReturnType<typeof createHoldsService>;
