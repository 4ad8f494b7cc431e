import type { Card, CardInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { MAX_CARDS_PER_MEMBER, type CardTokenizer, type TokenizedCard } from './card-tokenizer.js';
import type { CardQueries, CardRow, CardsRepository } from './cards.repository.js';

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

/** 409 on the number field: the member has this card already (the gateway's fingerprint matched). */
const cardAlreadySaved = () =>
  new ApiError('conflict', API_MESSAGES.cardAlreadySaved, [{ field: 'cardNumber', code: 'cardAlreadySaved', message: API_MESSAGES.cardAlreadySaved }]);

export interface CardsDependencies {
  repository: CardsRepository;
  tokenizer: CardTokenizer;
  now: () => Date;
}

export function createCardsService(deps: CardsDependencies) {
  const { repository, tokenizer, now } = deps;

  /** Locks the member, then finds the card: missing → 404, someone else's → 403. */
  async function ownCard(q: CardQueries, tenantId: string, customerId: string, cardId: string) {
    if (!(await q.lockCustomer(tenantId, customerId))) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
    const row = await q.findById(tenantId, cardId);
    if (!row) throw new ApiError('notFound', API_MESSAGES.cardNotFound);
    if (row.customerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherMemberCard);
    return row;
  }

  return {
    async list(tenantId: string, customerId: string): Promise<Card[]> {
      return (await repository.listForCustomer(tenantId, customerId)).map(toCardView);
    },

    /**
     * Hands the number and security code to the gateway and keeps what it answers. They are
     * never stored, logged or returned: this function is the last place they exist. A card the
     * member has saved already (the gateway's fingerprint matches) answers 409 on the number,
     * and its new token is forgotten at the gateway again.
     */
    async create(tenantId: string, customerId: string, input: CardInput): Promise<Card> {
      if ((await repository.countForCustomer(tenantId, customerId)) >= MAX_CARDS_PER_MEMBER) {
        throw new ApiError('conflict', API_MESSAGES.tooManyCards(MAX_CARDS_PER_MEMBER));
      }
      await tokenizer.countTry(tenantId, customerId);
      const approved: TokenizedCard = await tokenizer.tokenize(input, 'cardNumber', 'save');
      const at = now();

      let row: CardRow;
      try {
        row = await repository.transaction(async (q) => {
          if (!(await q.lockCustomer(tenantId, customerId))) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
          // Counted again under the lock: another request may have added a card meanwhile.
          const saved = await q.countForCustomer(tenantId, customerId);
          if (saved >= MAX_CARDS_PER_MEMBER) throw new ApiError('conflict', API_MESSAGES.tooManyCards(MAX_CARDS_PER_MEMBER));
          if (await q.findByFingerprint(tenantId, customerId, approved.fingerprint)) throw cardAlreadySaved();
          const preferred = saved === 0 || input.preferred;
          if (preferred) await q.clearPreferred(tenantId, customerId, at);
          const inserted = await q.insert(
            tenantId,
            customerId,
            {
              gateway: tokenizer.gatewayName,
              gatewayToken: approved.token,
              brand: approved.brand,
              last4: approved.last4,
              expMonth: approved.expMonth,
              expYear: approved.expYear,
              cardHolderName: approved.cardHolderName,
              fingerprint: approved.fingerprint,
              preferred,
            },
            at,
          );
          // The unique index holds even where the look-up above could not (no lock held it).
          if (!inserted) throw cardAlreadySaved();
          return inserted;
        });
      } catch (error) {
        await tokenizer.forget(approved.token);
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
      if (removed.gateway === tokenizer.gatewayName) await tokenizer.forget(removed.gatewayToken, removed.id);
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
