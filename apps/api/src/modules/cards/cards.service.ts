import type { FastifyBaseLogger } from 'fastify';
import { parseExpiry, type Card, type CardInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { retryAfterHeader, type AttemptCounter } from '../../shared/attempt-counter.js';
import type { PaymentGateway, TokenizeResult } from '../payments/payment-gateway.js';
import type { CardQueries, CardRow, CardsRepository } from './cards.repository.js';

export const MAX_CARDS_PER_MEMBER = 10;

export interface CardAttemptLimit {
  /** Cards a member may try to add per window, whatever the outcome. */
  max: number;
  windowMs: number;
}

/**
 * Card-testing with stolen numbers goes through "add a card" forms: each try costs a gateway call
 * and tells the tester whether a number is live. Ten tries an hour is plenty for a real member.
 */
export const DEFAULT_CARD_ATTEMPT_LIMIT: CardAttemptLimit = { max: 10, windowMs: 60 * 60_000 };

/** The per-member budget of card tries, shared by "add a card" and checkout with a new card. */
export const cardAttemptRule = (tenantId: string, customerId: string, limit: CardAttemptLimit) => ({
  key: `card:add:${tenantId}:${customerId}`,
  ...limit,
});

export function toCardView(row: CardRow): Card {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    cardHolderName: row.cardHolderName,
    preferred: row.preferred,
    createdAt: row.createdAt.toISOString(),
  };
}

const cardRefused = (code: 'cardDeclined' | 'cardUnprocessable') => {
  const message = code === 'cardDeclined' ? API_MESSAGES.cardDeclined : API_MESSAGES.cardUnprocessable;
  return new ApiError('validationError', message, [{ field: 'cardNumber', code, message }]);
};

export interface CardsDependencies {
  repository: CardsRepository;
  gateway: PaymentGateway;
  attempts: AttemptCounter;
  attemptLimit: CardAttemptLimit;
  log: FastifyBaseLogger;
  now: () => Date;
}

export function createCardsService(deps: CardsDependencies) {
  const { repository, gateway, attempts, attemptLimit, log, now } = deps;

  /** Locks the member, then finds the card: missing → 404, someone else's → 403. */
  async function ownCard(q: CardQueries, tenantId: string, customerId: string, cardId: string) {
    if (!(await q.lockCustomer(tenantId, customerId))) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
    const row = await q.findById(tenantId, cardId);
    if (!row) throw new ApiError('notFound', API_MESSAGES.cardNotFound);
    if (row.customerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherMemberCard);
    return row;
  }

  /** Forgetting a token at the gateway is tidying up: the card is already gone from our side. */
  async function forgetAtGateway(token: string, cardId: string | null) {
    try {
      await gateway.removeCard(token);
    } catch (error) {
      log.warn({ cardId, gateway: gateway.name, errorName: (error as Error)?.name }, 'payment gateway could not remove a card');
    }
  }

  return {
    async list(tenantId: string, customerId: string): Promise<Card[]> {
      return (await repository.listForCustomer(tenantId, customerId)).map(toCardView);
    },

    /**
     * Hands the number and security code to the gateway and keeps what it answers. They are
     * never stored, logged or returned: this function is the last place they exist.
     */
    async create(tenantId: string, customerId: string, input: CardInput): Promise<Card> {
      const at = now();
      if ((await repository.countForCustomer(tenantId, customerId)) >= MAX_CARDS_PER_MEMBER) {
        throw new ApiError('conflict', API_MESSAGES.tooManyCards(MAX_CARDS_PER_MEMBER));
      }
      // Every try counts, approved or not: a tester's successes matter as much as their failures.
      // Counted first, in one statement, so a burst of tries cannot outrun the count.
      const counted = await attempts.count([cardAttemptRule(tenantId, customerId, attemptLimit)], at);
      if (!counted.allowed) throw new ApiError('rateLimited', API_MESSAGES.cardRateLimited, undefined, retryAfterHeader(counted.resetAt, at));

      const expiry = parseExpiry(input.expirationDate);
      if (!expiry) throw cardRefused('cardUnprocessable');
      let result: TokenizeResult;
      try {
        result = await gateway.tokenizeCard({
          cardNumber: input.cardNumber,
          expMonth: expiry.month,
          expYear: expiry.year,
          cvv: input.cvv,
          cardHolderName: input.cardHolderName,
        });
      } catch (error) {
        // Only the error's name: a gateway library's message may quote the request it sent.
        log.error({ gateway: gateway.name, errorName: (error as Error)?.name }, 'payment gateway failed to save a card');
        result = { status: 'error' };
      }
      if (result.status === 'declined') throw cardRefused('cardDeclined');
      if (result.status === 'error') throw cardRefused('cardUnprocessable');
      const approved = result;

      let row: CardRow;
      try {
        row = await repository.transaction(async (q) => {
          if (!(await q.lockCustomer(tenantId, customerId))) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
          // Counted again under the lock: another request may have added a card meanwhile.
          const saved = await q.countForCustomer(tenantId, customerId);
          if (saved >= MAX_CARDS_PER_MEMBER) throw new ApiError('conflict', API_MESSAGES.tooManyCards(MAX_CARDS_PER_MEMBER));
          const preferred = saved === 0 || input.preferred;
          if (preferred) await q.clearPreferred(tenantId, customerId, at);
          return q.insert(
            tenantId,
            customerId,
            {
              gateway: gateway.name,
              gatewayToken: approved.token,
              brand: approved.brand,
              last4: approved.last4,
              expMonth: expiry.month,
              expYear: expiry.year,
              cardHolderName: input.cardHolderName,
              preferred,
            },
            at,
          );
        });
      } catch (error) {
        await forgetAtGateway(approved.token, null);
        throw error;
      }
      return toCardView(row);
    },

    /** Removing the preferred card makes the newest remaining one preferred. */
    async remove(tenantId: string, customerId: string, cardId: string): Promise<void> {
      const at = now();
      const removed = await repository.transaction(async (q) => {
        const row = await ownCard(q, tenantId, customerId, cardId);
        await q.remove(tenantId, cardId);
        if (row.preferred) {
          const heir = await q.newest(tenantId, customerId);
          if (heir) await q.setPreferred(tenantId, heir.id, at);
        }
        return row;
      });
      // A card saved through another gateway (PAYMENT_GATEWAY changed since) is not this one's to remove.
      if (removed.gateway === gateway.name) await forgetAtGateway(removed.gatewayToken, removed.id);
    },

    /** Makes the card the one preferred (default) card (seed §4). */
    async setPreferred(tenantId: string, customerId: string, cardId: string): Promise<Card> {
      const at = now();
      const row = await repository.transaction(async (q) => {
        await ownCard(q, tenantId, customerId, cardId);
        await q.clearPreferred(tenantId, customerId, at, cardId);
        return q.setPreferred(tenantId, cardId, at);
      });
      return toCardView(row);
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
