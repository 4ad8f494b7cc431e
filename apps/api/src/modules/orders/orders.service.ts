import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  isExpired,
  normaliseSelection,
  parseExpiry,
  renderValidationMessage,
  selectionSubtotal,
  type Order,
  type OrderSummary,
  type PlaceOrderInput,
} from '@winery/domain';
import type { CartLineRow } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { retryAfterHeader, type AttemptCounter } from '../../shared/attempt-counter.js';
import { ownCart } from '../cart/cart.service.js';
import type { PricingService, ResolvedDelivery } from '../cart/pricing.service.js';
import { assertOfferingOpen, choiceProblems, selectionError, toWineLimits, wineLabel } from '../cart/selection.js';
import type { CardValues } from '../cards/cards.repository.js';
import { cardAttemptRule, MAX_CARDS_PER_MEMBER, type CardAttemptLimit } from '../cards/cards.service.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { createAuthorizationSweep } from './authorization-sweep.js';
import type { OrderLineRow, OrderRow, OrdersRepository } from './orders.repository.js';

type AddressCopy = Record<string, string | null>;

/** The lines an order's summary shows for where it goes: a postal address, or the pick-up place. */
function deliveryLines(order: OrderRow): string[] {
  const copy = order.shippingAddress;
  if (!copy) return [];
  if (order.deliveryMethod === 'pickup') return [copy.name, copy.address].filter((line): line is string => Boolean(line));
  const cityLine = [copy.city, [copy.stateCode, copy.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [copy.address1, copy.address2, cityLine, copy.countryCode].filter((line): line is string => Boolean(line));
}

const byWine = (a: OrderLineRow, b: OrderLineRow) =>
  a.name.localeCompare(b.name) || a.vintage - b.vintage || a.sizeMl - b.sizeMl || (a.offeringWineId < b.offeringWineId ? -1 : 1);

export function toOrderView(order: OrderRow, offeringName: string | null, lines: readonly OrderLineRow[]): Order {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    offeringName,
    // One order for the lines however they were read: by name, then vintage and size.
    lines: [...lines].sort(byWine).map((line) => ({
      wineId: line.offeringWineId,
      name: line.name,
      vintage: line.vintage,
      sizeMl: line.sizeMl,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    totals: {
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      shippingLabel: order.shippingLabel,
      taxLabel: order.taxLabel,
    },
    delivery: { method: order.deliveryMethod, address: deliveryLines(order) },
    payment: { brand: order.cardBrand ?? '', last4: order.cardLast4 ?? '' },
  };
}

const addressCopy = (row: { address1: string; address2: string | null; city: string; stateCode: string | null; zipCode: string; countryCode: string }): AddressCopy => ({
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  stateCode: row.stateCode,
  zipCode: row.zipCode,
  countryCode: row.countryCode,
});

const fieldError = (field: string, code: string, message: string) => new ApiError('validationError', message, [{ field, code, message }]);

const cardRefused = (field: string, code: 'cardDeclined' | 'cardUnprocessable') =>
  fieldError(field, code, code === 'cardDeclined' ? API_MESSAGES.cardDeclined : API_MESSAGES.cardUnprocessable);

/** The card an order is paid with, as the gateway knows it. */
interface PaymentSource {
  token: string;
  brand: string;
  last4: string;
  /** Where a refusal is shown: the saved card's picker or the new card's number. */
  field: string;
  /** Tokenised for this order: forgotten at the gateway once the order is decided, unless saved with it. */
  fresh: boolean;
  /** What to save with the order when the member ticked "save this card". */
  save: Omit<CardValues, 'preferred'> | null;
}

export interface OrdersDependencies {
  repository: OrdersRepository;
  pricing: PricingService;
  gateway: PaymentGateway;
  /** Shared with "add a card": tries with new cards count against the same per-member budget. */
  attempts: AttemptCounter;
  attemptLimit: CardAttemptLimit;
  log: FastifyBaseLogger;
  now: () => Date;
}

export type PlaceOrderResult = { order: Order; created: boolean };

export function createOrdersService(deps: OrdersDependencies) {
  const { repository, pricing, gateway, attempts, attemptLimit, log, now } = deps;

  async function orderView(tenantId: string, orderId: string): Promise<Order> {
    const found = await repository.findWithLines(tenantId, orderId);
    if (!found) throw new ApiError('notFound', API_MESSAGES.orderNotFound);
    return toOrderView(found.order, found.offeringName, found.lines);
  }

  /** A card the member typed in, its try counted, not yet sent to the gateway. */
  interface NewCardTry {
    newCard: Extract<PlaceOrderInput['payment'], { newCard: unknown }>['newCard'];
    saveCard: boolean;
    field: string;
  }

  async function savedCardSource(tenantId: string, customerId: string, cardId: string): Promise<PaymentSource> {
    const card = await repository.findCard(tenantId, cardId);
    // Someone else's card reads like no card at all: ids cannot be probed through checkout.
    if (!card || card.customerId !== customerId) throw fieldError('payment.cardId', 'selectCard', renderValidationMessage('selectCard'));
    if (isExpired({ month: card.expMonth, year: card.expYear }, now())) {
      throw fieldError('payment.cardId', 'cardExpired', renderValidationMessage('cardExpired'));
    }
    // A token issued by another gateway (PAYMENT_GATEWAY changed since) means nothing to this one.
    if (card.gateway !== gateway.name) throw cardRefused('payment.cardId', 'cardUnprocessable');
    return { token: card.gatewayToken, brand: card.brand, last4: card.last4, field: 'payment.cardId', fresh: false, save: null };
  }

  /**
   * Card-testing runs through any form that tokenises, so a new card at checkout counts against
   * the same budget as "add a card": first, in one statement, so a burst cannot outrun it.
   */
  async function countNewCardTry(tenantId: string, customerId: string, payment: Extract<PlaceOrderInput['payment'], { newCard: unknown }>): Promise<NewCardTry> {
    const { newCard, saveCard } = payment;
    if (saveCard && (await repository.countCards(tenantId, customerId)) >= MAX_CARDS_PER_MEMBER) {
      throw new ApiError('conflict', API_MESSAGES.tooManyCards(MAX_CARDS_PER_MEMBER));
    }
    const at = now();
    const counted = await attempts.count([cardAttemptRule(tenantId, customerId, attemptLimit)], at);
    if (!counted.allowed) throw new ApiError('rateLimited', API_MESSAGES.cardRateLimited, undefined, retryAfterHeader(counted.resetAt, at));
    return { newCard, saveCard: Boolean(saveCard), field: 'payment.newCard.cardNumber' };
  }

  async function tokenise(card: NewCardTry): Promise<PaymentSource> {
    const { newCard, saveCard, field } = card;
    const expiry = parseExpiry(newCard.expirationDate);
    if (!expiry) throw cardRefused(field, 'cardUnprocessable');
    let result: Awaited<ReturnType<PaymentGateway['tokenizeCard']>>;
    try {
      result = await gateway.tokenizeCard({
        cardNumber: newCard.cardNumber,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvv: newCard.cvv,
        cardHolderName: newCard.cardHolderName,
      });
    } catch (error) {
      log.error({ gateway: gateway.name, errorName: (error as Error)?.name }, 'payment gateway failed to tokenise a card at checkout');
      result = { status: 'error' };
    }
    if (result.status === 'declined') throw cardRefused(field, 'cardDeclined');
    if (result.status === 'error') throw cardRefused(field, 'cardUnprocessable');
    return {
      token: result.token,
      brand: result.brand,
      last4: result.last4,
      field,
      fresh: true,
      save: saveCard
        ? {
            gateway: gateway.name,
            gatewayToken: result.token,
            brand: result.brand,
            last4: result.last4,
            expMonth: expiry.month,
            expYear: expiry.year,
            cardHolderName: newCard.cardHolderName,
          }
        : null,
    };
  }

  /**
   * The gateway's idempotency key: the submission's key, bound to the card and the amount. The same
   * submission sent again maps to the same key, so even a crash between authorising and committing
   * cannot charge twice; a changed submission (another card after a decline) is a new charge.
   */
  const gatewayKey = (tenantId: string, customerId: string, idempotencyKey: string, token: string, amountCents: number) =>
    `order_${createHash('sha256').update([tenantId, customerId, idempotencyKey, token, amountCents].join('|')).digest('hex').slice(0, 40)}`;

  async function voidQuietly(authorizationId: string) {
    try {
      await gateway.voidAuthorization(authorizationId);
    } catch (error) {
      // Staff must release it by hand: the log line names it (an authorisation id is not card data).
      log.error({ authorizationId, gateway: gateway.name, errorName: (error as Error)?.name }, 'could not void an authorisation of an order that was not written');
    }
  }

  async function forgetFreshCard(source: PaymentSource | undefined) {
    if (!source?.fresh) return;
    try {
      await gateway.removeCard(source.token);
    } catch (error) {
      log.warn({ gateway: gateway.name, errorName: (error as Error)?.name }, 'payment gateway could not forget a one-time card');
    }
  }

  return {
    /** Voids card holds whose order was never written (a process killed mid-placement); see ADR 013. */
    sweepAuthorizations: createAuthorizationSweep({ repository, gateway, log, now }),

    async list(tenantId: string, customerId: string): Promise<OrderSummary[]> {
      const rows = await repository.listForCustomer(tenantId, customerId);
      return rows.map((row) => ({ ...row, placedAt: row.placedAt.toISOString(), offeringName: row.offeringName ?? null }));
    },

    async get(tenantId: string, customerId: string, orderId: string): Promise<Order> {
      const found = await repository.findWithLines(tenantId, orderId);
      if (!found) throw new ApiError('notFound', API_MESSAGES.orderNotFound);
      if (found.order.customerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherMemberOrder);
      return toOrderView(found.order, found.offeringName, found.lines);
    },

    /**
     * Places an order in one short transaction (ADR 009): lock the member's allocation, answer a
     * repeated submission with its order, check the choice against what the member may still take,
     * take the stock with one conditional update per wine, authorise the card, write the order.
     * Any refusal rolls everything back: stock, order and card are as they were.
     */
    async place(tenantId: string, customerId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
      // A repeat of a submission that already made its order answers that order, whatever changed since.
      const earlier = await repository.findIdByIdempotencyKey(tenantId, customerId, input.idempotencyKey);
      if (earlier) return { order: await orderView(tenantId, earlier), created: false };

      // Everything that can be read and checked before the transaction is, so it stays short.
      const cart = await ownCart(repository, tenantId, customerId, input.cartId);
      const offer = await repository.findAllocation(tenantId, customerId, cart.allocationId);
      if (!offer) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
      assertOfferingOpen(offer, now());
      const delivery: ResolvedDelivery = await pricing.resolveDelivery(tenantId, customerId, input.delivery);
      const billing = await repository.findAddress(tenantId, input.billingAddressId);
      if (!billing || billing.customerId !== customerId) throw fieldError('billingAddressId', 'selectAddress', renderValidationMessage('selectAddress'));
      const tables = await pricing.rateTables(tenantId, delivery);
      const chosen: CartLineRow[] = normaliseSelection(cart.lines).sort((a, b) => (a.wineId < b.wineId ? -1 : a.wineId > b.wineId ? 1 : 0));

      let source: PaymentSource | undefined;
      // Set inside the transaction once the gateway approves; read when something fails after that.
      const held: { authorizationId: string | null } = { authorizationId: null };
      let savedCard = false;
      const payment = input.payment;
      const newCardTry = 'cardId' in payment ? null : await countNewCardTry(tenantId, customerId, payment);
      try {
        const savedSource = 'cardId' in payment ? await savedCardSource(tenantId, customerId, payment.cardId) : null;
        const outcome = await repository.transaction(async (q) => {
          // (a)+(b) The member's orders for this allocation queue here, so a double submission waits
          // for the first to commit and then finds its order; two different orders of one member
          // cannot both spend the same maximum.
          if (!(await q.lockAllocation(tenantId, customerId, offer.allocationId))) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
          const claimed = await q.findIdByIdempotencyKey(tenantId, customerId, input.idempotencyKey);
          if (claimed) return { orderId: claimed, created: false, order: null };
          // A new card goes to the gateway only now, once this submission is known not to be a
          // repeat: a double click with a new card tokenises it once (issue 11, finding 8).
          source = savedSource ?? (await tokenise(newCardTry!));
          const card = source;

          const { limits, taken } = await q.choiceContext(tenantId, customerId, offer.allocationId);
          const problems = choiceProblems(chosen, { limits, taken, orderMinimumCents: offer.orderMinimumCents, combinations: offer.combinations });
          if (problems.length > 0) throw selectionError(problems, limits);
          const wines = new Map(limits.map((limit) => [limit.offeringWineId, limit]));
          // Saved only if the order is: written here, before the stock rows are locked, to keep that window short.
          if (card.save) {
            const preferred = (await q.countCards(tenantId, customerId)) === 0;
            await q.saveCard(tenantId, customerId, { ...card.save, preferred }, now());
          }

          // (c) In wine-id order, so two orders never hold one row each and wait for the other's.
          for (const line of chosen) {
            const wine = wines.get(line.wineId)!;
            const took = delivery.stockLocationId !== null && (await q.takeStock(tenantId, line.wineId, delivery.stockLocationId, line.quantity));
            if (!took) {
              const message = API_MESSAGES.soldOut(wineLabel(wine));
              throw new ApiError('conflict', message, [{ field: `lines.${line.wineId}`, code: 'soldOut', message }]);
            }
          }

          // (d) The same totals a quote shows.
          const subtotalCents = selectionSubtotal(chosen, toWineLimits(limits));
          const bottles = chosen.reduce((sum, line) => sum + line.quantity, 0);
          const totals = pricing.totals(delivery, tables, subtotalCents, bottles);

          // (e) Inside the transaction: a refusal rolls the stock back. See ADR 009 for a gateway
          // slower than the built-in one.
          const authorization = await gateway
            .authorize({
              token: card.token,
              amountCents: totals.totalCents,
              idempotencyKey: gatewayKey(tenantId, customerId, input.idempotencyKey, card.token, totals.totalCents),
              // Kept by the gateway with the hold: if this process dies before the commit, the
              // sweep finds the hold has no order and voids it (ADR 013).
              reference: { tenantId, customerId, allocationId: offer.allocationId, idempotencyKey: input.idempotencyKey },
            })
            .catch((error: unknown) => {
              log.error({ gateway: gateway.name, errorName: (error as Error)?.name }, 'payment gateway failed to authorise an order');
              return { status: 'error' as const };
            });
          if (authorization.status === 'declined') throw cardRefused(card.field, 'cardDeclined');
          if (authorization.status === 'error') throw cardRefused(card.field, 'cardUnprocessable');
          held.authorizationId = authorization.authorizationId;

          // (f) The order keeps copies: names, prices and addresses as they were when it was placed.
          const at = now();
          const order = await q.insertOrder(tenantId, {
            customerId,
            allocationId: offer.allocationId,
            status: 'pending',
            ...totals,
            deliveryMethod: delivery.method,
            pickupLocationId: delivery.method === 'pickup' ? delivery.location.id : null,
            shippingAddress:
              delivery.method === 'shipping'
                ? addressCopy(delivery.address)
                : { name: delivery.location.name, address: delivery.location.address },
            billingAddress: addressCopy(billing),
            cardBrand: card.brand,
            cardLast4: card.last4,
            authorizationId: authorization.authorizationId,
            idempotencyKey: input.idempotencyKey,
            placedAt: at,
          });
          const lines = await q.insertLines(
            tenantId,
            order.id,
            chosen.map((line) => {
              const wine = wines.get(line.wineId)!;
              return {
                offeringWineId: wine.offeringWineId,
                locationId: delivery.stockLocationId,
                name: wine.name,
                vintage: wine.vintage,
                sizeMl: wine.sizeMl,
                quantity: line.quantity,
                unitPriceCents: wine.priceCents,
              };
            }),
          );
          return { orderId: order.id, created: true, order: toOrderView(order, offer.offeringName, lines) };
        });
        savedCard = outcome.created && Boolean(source?.save);
        if (!outcome.created) {
          // A repeat of a placed order tried no card: its unit goes back.
          if (newCardTry) await attempts.giveBack([cardAttemptRule(tenantId, customerId, attemptLimit).key], now());
          return { order: await orderView(tenantId, outcome.orderId), created: false };
        }
        return { order: outcome.order!, created: true };
      } catch (error) {
        // The same key raced in through another allocation: the first order wins and is the answer.
        if (isUniqueViolation(error, 'orders_idempotency_unique')) {
          const winnerId = await repository.findIdByIdempotencyKey(tenantId, customerId, input.idempotencyKey);
          const winner = winnerId ? await repository.findWithLines(tenantId, winnerId) : undefined;
          if (winner) {
            // The gateway may have answered both with one authorisation: that one is the winner's to keep.
            if (held.authorizationId && held.authorizationId !== winner.order.authorizationId) await voidQuietly(held.authorizationId);
            return { order: toOrderView(winner.order, winner.offeringName, winner.lines), created: false };
          }
        }
        // Approved, then the order could not be written: release the hold on the member's card.
        if (held.authorizationId) await voidQuietly(held.authorizationId);
        throw error;
      } finally {
        // A card tokenised for this order and not saved with it is forgotten at the gateway.
        if (!savedCard) await forgetFreshCard(source);
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
