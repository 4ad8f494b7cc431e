import type { FastifyBaseLogger } from 'fastify';
import { parseExpiry } from '@winery/domain';
import { ApiError, fieldError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { retryAfterHeader, type AttemptCounter } from '../../shared/attempt-counter.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';

export const MAX_CARDS_PER_MEMBER = 10;

export interface CardAttemptLimit {
  /** Cards a member may try to add per window, whatever the outcome. */
  max: number;
  windowMs: number;
}

/**
 * Card-testing with stolen numbers goes through any form that tokenises ("add a card", checkout
 * with a new card): each try costs a gateway call and tells the tester whether a number is live.
 * Ten tries an hour is plenty for a real member.
 */
export const DEFAULT_CARD_ATTEMPT_LIMIT: CardAttemptLimit = { max: 10, windowMs: 60 * 60_000 };

/** The per-member budget of card tries, shared by "add a card" and checkout with a new card. */
const cardAttemptRule = (tenantId: string, customerId: string, limit: CardAttemptLimit) => ({
  key: `card:add:${tenantId}:${customerId}`,
  ...limit,
});

/** A card as the member typed it. */
export interface TypedCard {
  cardNumber: string;
  /** MM/YY, as the forms send it. */
  expirationDate: string;
  cvv: string;
  cardHolderName: string;
}

/** What may be kept of a card the gateway approved: never its number or security code. */
export interface TokenizedCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardHolderName: string;
  /** The gateway's keyed fingerprint of the number: the same card saved twice has the same one. */
  fingerprint: string;
}

/** The card's refusal, shown on `field`: the issuer said no, or the card could not be processed. */
export const cardRefused = (field: string, code: 'cardDeclined' | 'cardUnprocessable') =>
  fieldError(field, code, code === 'cardDeclined' ? API_MESSAGES.cardDeclined : API_MESSAGES.cardUnprocessable);

/** Where a card is tokenised, for the log line when the gateway fails. */
type Purpose = 'save' | 'checkout';
const GATEWAY_FAILED: Record<Purpose, string> = {
  save: 'payment gateway failed to save a card',
  checkout: 'payment gateway failed to tokenise a card at checkout',
};

/**
 * The one door through which a typed card reaches the gateway, for saving a card and for paying
 * with a new one: the same budget of tries, the same answers to a refusal, the same silence about
 * the number (only an error's name is logged: a gateway library's message may quote its request).
 */
export function createCardTokenizer(deps: {
  gateway: PaymentGateway;
  attempts: AttemptCounter;
  attemptLimit: CardAttemptLimit;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { gateway, attempts, attemptLimit, log, now } = deps;

  return {
    gatewayName: gateway.name,

    /**
     * Counts a try against the member's budget before the card goes anywhere: first, in one
     * statement, so a burst of tries cannot outrun the count. Every try counts, approved or not.
     */
    async countTry(tenantId: string, customerId: string): Promise<void> {
      const at = now();
      const counted = await attempts.count([cardAttemptRule(tenantId, customerId, attemptLimit)], at);
      if (!counted.allowed) throw new ApiError('rateLimited', API_MESSAGES.cardRateLimited, undefined, retryAfterHeader(counted.resetAt, at));
    },

    /** A counted try that never reached the gateway (a repeated order submission) gives its unit back. */
    async giveBackTry(tenantId: string, customerId: string): Promise<void> {
      await attempts.giveBack([cardAttemptRule(tenantId, customerId, attemptLimit).key], now());
    },

    /** The gateway's token for the card, or a field error on `field` when it is declined or cannot be processed. */
    async tokenize(card: TypedCard, field: string, purpose: Purpose): Promise<TokenizedCard> {
      const expiry = parseExpiry(card.expirationDate);
      if (!expiry) throw cardRefused(field, 'cardUnprocessable');
      let result: Awaited<ReturnType<PaymentGateway['tokenizeCard']>>;
      try {
        result = await gateway.tokenizeCard({
          cardNumber: card.cardNumber,
          expMonth: expiry.month,
          expYear: expiry.year,
          cvv: card.cvv,
          cardHolderName: card.cardHolderName,
        });
      } catch (error) {
        log.error({ gateway: gateway.name, errorName: (error as Error)?.name }, GATEWAY_FAILED[purpose]);
        result = { status: 'error' };
      }
      if (result.status === 'declined') throw cardRefused(field, 'cardDeclined');
      if (result.status === 'error') throw cardRefused(field, 'cardUnprocessable');
      return {
        token: result.token,
        brand: result.brand,
        last4: result.last4,
        expMonth: expiry.month,
        expYear: expiry.year,
        cardHolderName: card.cardHolderName,
        fingerprint: result.fingerprint,
      };
    },

    /** Forgetting a token at the gateway is tidying up: the card is already gone from our side. */
    async forget(token: string, cardId: string | null = null): Promise<void> {
      try {
        await gateway.removeCard(token);
      } catch (error) {
        log.warn({ cardId, gateway: gateway.name, errorName: (error as Error)?.name }, 'payment gateway could not forget a card');
      }
    },
  };
}

export type CardTokenizer = ReturnType<typeof createCardTokenizer>;
