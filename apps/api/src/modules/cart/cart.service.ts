import { normaliseSelection, selectionSubtotal, type Cart, type CartInput, type Quote, type QuoteInputSchema } from '@winery/domain';
import type { z } from 'zod';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { CartRepository, CartRow, WineLimitRow } from './cart.repository.js';
import type { WaitingRoomService } from '../waiting-room/waiting-room.service.js';
import type { PricingService } from './pricing.service.js';
import { assertOfferingOpen, choiceProblems, selectionError, toWineLimits } from './selection.js';

export function toCartView(row: CartRow, limits: readonly WineLimitRow[]): Cart {
  return {
    id: row.id,
    allocationId: row.allocationId,
    lines: row.lines.map((line) => ({ wineId: line.wineId, quantity: line.quantity })),
    // At today's prices: the cart is a choice, not a price promise; the order keeps its own prices.
    subtotalCents: selectionSubtotal(row.lines, toWineLimits(limits)),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A cart the signed-in member may use: a missing one → 404, someone else's → 403. */
export async function ownCart(repository: Pick<CartRepository, 'findCartById'>, tenantId: string, customerId: string, cartId: string) {
  const cart = await repository.findCartById(tenantId, cartId);
  if (!cart) throw new ApiError('notFound', API_MESSAGES.cartNotFound);
  if (cart.customerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherMemberCart);
  return cart;
}

export function createCartService(deps: {
  repository: CartRepository;
  pricing: PricingService;
  now: () => Date;
  /** The waiting room's check (issue 17): a member not yet through cannot choose. */
  admission: Pick<WaitingRoomService, 'assertAdmitted'>;
}) {
  const { repository, pricing, now, admission } = deps;

  async function openAllocation(tenantId: string, customerId: string, allocationId: string) {
    const offer = await repository.findAllocation(tenantId, customerId, allocationId);
    if (!offer) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
    assertOfferingOpen(offer, now());
    return offer;
  }

  return {
    /**
     * One cart per member and allocation: the first PUT creates it, later ones replace its lines.
     * The member's allocation row is locked meanwhile, so two PUTs at once still make one cart.
     * A draft (saved as the member types) is held to each wine's maximum only; without `draft`
     * every rule of an order applies, as Continue to checkout needs.
     */
    async put(tenantId: string, customerId: string, input: CartInput): Promise<Cart> {
      await admission.assertAdmitted(tenantId, customerId, input.allocationId);
      const offer = await openAllocation(tenantId, customerId, input.allocationId);
      const lines = normaliseSelection(input.lines);
      const at = now();
      return repository.transaction(async (q) => {
        if (!(await q.lockAllocation(tenantId, customerId, offer.allocationId))) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
        const { limits, taken } = await q.choiceContext(tenantId, customerId, offer.allocationId);
        const rules = { limits, taken, orderMinimumCents: offer.orderMinimumCents, combinations: offer.combinations };
        const problems = choiceProblems(lines, rules, { draft: input.draft === true });
        if (problems.length > 0) throw selectionError(problems, limits);
        const existing = await q.findCartForAllocation(tenantId, customerId, offer.allocationId);
        const row = existing
          ? await q.replaceLines(tenantId, existing.id, lines, at)
          : await q.insertCart(tenantId, customerId, offer.allocationId, lines, at);
        return toCartView(row, limits);
      });
    },

    /**
     * The member's cart of an allocation, so another device (with no `cartId` in its storage) finds
     * the choice. 404 when there is none (placing an order deletes the cart it was placed from).
     */
    /** The member's cart of the allocation; null while they have none (an ordinary answer, not an error). */
    async forAllocation(tenantId: string, customerId: string, allocationId: string): Promise<Cart | null> {
      const offer = await repository.findAllocation(tenantId, customerId, allocationId);
      if (!offer) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
      const cart = await repository.findCartForAllocation(tenantId, customerId, allocationId);
      if (!cart) return null;
      return toCartView(cart, await repository.wineLimits(tenantId, cart.allocationId));
    },

    async get(tenantId: string, customerId: string, cartId: string): Promise<Cart> {
      const cart = await ownCart(repository, tenantId, customerId, cartId);
      return toCartView(cart, await repository.wineLimits(tenantId, cart.allocationId));
    },

    /** The order summary for a delivery choice, exactly as placing the order would charge it. */
    async quote(
      tenantId: string,
      customerId: string,
      cartId: string,
      input: z.output<typeof QuoteInputSchema>,
    ): Promise<Quote> {
      const cart = await ownCart(repository, tenantId, customerId, cartId);
      await openAllocation(tenantId, customerId, cart.allocationId);
      const limits = toWineLimits(await repository.wineLimits(tenantId, cart.allocationId));
      const known = new Set(limits.map((limit) => limit.wineId));
      const lines = normaliseSelection(cart.lines).filter((line) => known.has(line.wineId));
      if (lines.length === 0) {
        throw new ApiError('validationError', API_MESSAGES.emptySelection, [
          { field: 'lines', code: 'emptySelection', message: API_MESSAGES.emptySelection },
        ]);
      }
      const delivery = await pricing.resolveDelivery(tenantId, customerId, input.delivery);
      const tables = await pricing.rateTables(tenantId, delivery);
      const bottles = lines.reduce((sum, line) => sum + line.quantity, 0);
      const totals = pricing.totals(delivery, tables, selectionSubtotal(lines, limits), bottles);
      return { totals, notice: await pricing.notice(tenantId, delivery) };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
