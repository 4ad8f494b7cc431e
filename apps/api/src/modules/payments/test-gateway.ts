import { randomBytes } from 'node:crypto';
import cardValidator from 'card-validator';
import type { AuthorizeInput, AuthorizeResult, CardDetails, PaymentGateway, TokenizeResult } from './payment-gateway.js';

/**
 * Card numbers the test gateway treats specially; any other number that passes card-validator's
 * checks is approved. Shared with the tests, the demo seed and the README.
 */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  error: '4000000000000119',
  /** Saved without trouble, but every authorisation on it is declined (an exhausted card). */
  declinedOnAuthorize: '4000000000000341',
} as const;

interface SavedCard {
  declineAuthorizations: boolean;
}

export interface TestGateway extends PaymentGateway {
  /** Authorisations actually made (idempotent repeats are not counted). */
  readonly authorizationCount: number;
  /** Authorisations released again by voidAuthorization. */
  readonly voidedAuthorizationIds: readonly string[];
}

const isExpired = (month: number, year: number, now: Date) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

/**
 * The built-in gateway for development, tests and the demo. It keeps its memory in the process;
 * tokens it has forgotten (after a restart) still authorise, so demo cards keep working.
 */
export function createTestGateway(options: { now?: () => Date } = {}): TestGateway {
  const now = options.now ?? (() => new Date());
  const cards = new Map<string, SavedCard>();
  const authorizations = new Map<string, { input: AuthorizeInput; result: AuthorizeResult }>();
  let authorizationCount = 0;
  const voided: string[] = [];

  return {
    name: 'test',

    get authorizationCount() {
      return authorizationCount;
    },

    get voidedAuthorizationIds() {
      return [...voided];
    },

    async tokenizeCard(card: CardDetails): Promise<TokenizeResult> {
      const number = card.cardNumber.replace(/\D/g, '');
      if (number === TEST_CARDS.declined) return { status: 'declined' };
      if (number === TEST_CARDS.error) return { status: 'error' };
      const validation = cardValidator.number(number);
      if (!validation.isValid || !validation.card) return { status: 'error' };
      if (!/^\d{3,4}$/.test(card.cvv) || card.cvv.length !== validation.card.code.size) return { status: 'error' };
      if (isExpired(card.expMonth, card.expYear, now())) return { status: 'declined' };
      // Random, never derived from the number: a token must not let anyone recover the card.
      const token = `tok_test_${randomBytes(12).toString('hex')}`;
      cards.set(token, { declineAuthorizations: number === TEST_CARDS.declinedOnAuthorize });
      return { status: 'approved', token, brand: validation.card.type, last4: number.slice(-4) };
    },

    async removeCard(token: string): Promise<void> {
      cards.delete(token);
    },

    async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
      const previous = authorizations.get(input.idempotencyKey);
      if (previous) {
        // The same key for a different charge is a client bug, never a second charge.
        const same = previous.input.token === input.token && previous.input.amountCents === input.amountCents;
        return same ? previous.result : { status: 'error' };
      }
      let result: AuthorizeResult;
      if (!input.token.startsWith('tok_test_') || !Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        result = { status: 'error' };
      } else if (cards.get(input.token)?.declineAuthorizations) {
        result = { status: 'declined' };
      } else {
        authorizationCount += 1;
        result = { status: 'approved', authorizationId: `auth_test_${randomBytes(12).toString('hex')}` };
      }
      authorizations.set(input.idempotencyKey, { input: { ...input }, result });
      return result;
    },

    async voidAuthorization(authorizationId: string): Promise<void> {
      if (voided.includes(authorizationId)) return;
      voided.push(authorizationId);
      // A voided authorisation is never handed out again: a later try with the same key (the
      // member submitting again after the failure) is authorised afresh.
      for (const [key, entry] of authorizations) {
        if (entry.result.status === 'approved' && entry.result.authorizationId === authorizationId) authorizations.delete(key);
      }
    },
  };
}
