import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isExpired, normaliseSelection, renderValidationMessage, selectionSubtotal, type MemberOrder, type PlaceOrderInput } from '@winery/domain';
import type { CartLineRow } from '../../db/schema/index.js';
import { ApiError, fieldError, isApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import type { CartRow } from '../cart/cart.repository.js';
import { ownCart } from '../cart/cart.service.js';
import type { PricingService, ResolvedDelivery } from '../cart/pricing.service.js';
import { assertOfferingOpen, choiceProblems, selectionError, toWineLimits, wineLabel } from '../cart/selection.js';
import { cardRefused, MAX_CARDS_PER_MEMBER, type CardTokenizer } from '../cards/card-tokenizer.js';
import type { CardValues } from '../cards/cards.repository.js';
import type { MailService } from '../mail/mail.service.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { confirmationMail } from './order-mails.js';
import { addressCopy, toOrderView } from './order-view.js';
import type { OrdersRepository } from './orders.repository.js';

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

export interface OrderPlacementDependencies {
  repository: OrdersRepository;
  pricing: PricingService;
  gateway: PaymentGateway;
  /** Shared with "add a card": tries with new cards count against the same per-member budget. */
  tokenizer: CardTokenizer;
  /** The receipt is queued in the order's own transaction: no order without its e-mail, no e-mail without its order. */
  mail: MailService;
  log: FastifyBaseLogger;
  now: () => Date;
}

export type PlaceOrderResult = { order: MemberOrder; created: boolean };

export function createOrderPlacement(deps: OrderPlacementDependencies) {
  const { repository, pricing, gateway, tokenizer, mail, log, now } = deps;

  async function orderView(tenantId: string, orderId: string): Promise<MemberOrder> {
    const found = await repository.findWithLines(tenantId, orderId);
    if (!found) throw new ApiError('notFound', API_MESSAGES.orderNotFound);
    return toOrderView(found.order, found.offeringName, found.lines, found.pickup, await repository.linksOf(tenantId, found.order));
  }

  /**
   * The member's cart, or the order this very submission already placed when the cart is gone (an
   * ordered cart is deleted): a repeat that raced past the first look-up still gets its order.
   */
  async function cartOrRepeat(tenantId: string, customerId: string, input: PlaceOrderInput): Promise<{ cart: CartRow } | { repeatOf: string }> {
    try {
      return { cart: await ownCart(repository, tenantId, customerId, input.cartId) };
    } catch (error) {
      const placed = isApiError(error) && error.type === 'notFound' ? await repository.findIdByIdempotencyKey(tenantId, customerId, input.idempotencyKey) : undefined;
      if (placed) return { repeatOf: placed };
      throw error;
    }
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
   * the same budget as "add a card" (card-tokenizer.ts), before anything else is tried.
   */
  async function countNewCardTry(tenantId: string, customerId: string, payment: Extract<PlaceOrderInput['payment'], { newCard: unknown }>): Promise<NewCardTry> {
    const { newCard, saveCard } = payment;
    if (saveCard && (await repository.countCards(tenantId, customerId)) >= MAX_CARDS_PER_MEMBER) {
      throw new ApiError('conflict', API_MESSAGES.tooManyCards(MAX_CARDS_PER_MEMBER));
    }
    await tokenizer.countTry(tenantId, customerId);
    return { newCard, saveCard: Boolean(saveCard), field: 'payment.newCard.cardNumber' };
  }

  async function tokenise(card: NewCardTry): Promise<PaymentSource> {
    const { newCard, saveCard, field } = card;
    const { token, ...shown } = await tokenizer.tokenize(newCard, field, 'checkout');
    return {
      token,
      brand: shown.brand,
      last4: shown.last4,
      field,
      fresh: true,
      save: saveCard ? { gateway: gateway.name, gatewayToken: token, ...shown } : null,
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
    if (source?.fresh) await tokenizer.forget(source.token);
  }

  /**
   * Places an order in one short transaction (ADR 009): lock the member's allocation, answer a
   * repeated submission with its order, check the choice against what the member may still take,
   * take the stock with one conditional update per wine, authorise the card, write the order.
   * Any refusal rolls everything back: stock, order and card are as they were. A member who already
   * holds an order of the allocation places an addition (ADR 017): it points at their first order
   * and is charged for its own bottles only.
   */
  return async function place(tenantId: string, customerId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
    // A repeat of a submission that already made its order answers that order, whatever changed since.
    const earlier = await repository.findIdByIdempotencyKey(tenantId, customerId, input.idempotencyKey);
    if (earlier) return { order: await orderView(tenantId, earlier), created: false };

    // Everything that can be read and checked before the transaction is, so it stays short.
    const found = await cartOrRepeat(tenantId, customerId, input);
    if ('repeatOf' in found) return { order: await orderView(tenantId, found.repeatOf), created: false };
    const { cart } = found;
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
      const outcome = await repository.transaction(async (q, tx) => {
        // (a)+(b) The member's orders for this allocation queue here, so a double submission waits
        // for the first to commit and then finds its order; two different orders of one member
        // cannot both spend the same maximum.
        if (!(await q.lockAllocation(tenantId, customerId, offer.allocationId))) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
        const claimed = await q.findIdByIdempotencyKey(tenantId, customerId, input.idempotencyKey);
        if (claimed) return { orderId: claimed, created: false, order: null };
        // Another submission from the same cart (a second tab) placed its order while this one
        // waited for the lock: that cart is ordered and gone, and is not ordered twice.
        if (!(await q.findCartById(tenantId, cart.id))) throw new ApiError('notFound', API_MESSAGES.cartNotFound);
        // Read under the lock: of two first orders at once, the second becomes the addition.
        const addsTo = (await q.firstOrderOf(tenantId, customerId, offer.allocationId)) ?? null;
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

        // (d) The same totals a quote shows.
        const subtotalCents = selectionSubtotal(chosen, toWineLimits(limits));
        const bottles = chosen.reduce((sum, line) => sum + line.quantity, 0);
        const totals = pricing.totals(delivery, tables, subtotalCents, bottles);

        // (g) The receipt, queued in this transaction (no order without its e-mail, no e-mail
        // without its order) and rendered now, before the stock rows are locked: rendering takes
        // milliseconds, and every order for the same wine would wait through them (ADR 009).
        const at = now();
        const number = await q.freeOrderNumber(tenantId);
        const pickup = delivery.method === 'pickup' ? { name: delivery.location.name, address: delivery.location.address, hours: delivery.location.hours } : null;
        const shippingAddress = delivery.method === 'shipping' ? addressCopy(delivery.address) : { name: delivery.location.name, address: delivery.location.address };
        const newLines = chosen.map((line) => {
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
        });
        const member = await q.findMemberContact(tenantId, customerId);
        if (member) {
          const receipt = {
            number,
            placedAt: at,
            offeringName: offer.offeringName,
            totals,
            deliveryMethod: delivery.method,
            shippingAddress,
            card,
            lines: newLines,
            giftMessage: input.giftMessage ?? null,
            addsToNumber: addsTo?.number ?? null,
          };
          await mail.enqueue({ tenantId, to: member.email, template: confirmationMail(member.firstName, receipt) }, tx);
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
        const order = await q.insertOrder(
          tenantId,
          {
            customerId,
            allocationId: offer.allocationId,
            status: 'pending',
            ...totals,
            deliveryMethod: delivery.method,
            pickupLocationId: delivery.method === 'pickup' ? delivery.location.id : null,
            shippingAddress,
            billingAddress: addressCopy(billing),
            cardBrand: card.brand,
            cardLast4: card.last4,
            authorizationId: authorization.authorizationId,
            idempotencyKey: input.idempotencyKey,
            giftMessage: input.giftMessage ?? null,
            addsToOrderId: addsTo?.id ?? null,
            placedAt: at,
          },
          number,
        );
        // Another order took the number since it was drawn (the receipt names it): nothing is kept, the member tries again.
        if (!order) throw new ApiError('conflict', API_MESSAGES.other);
        const lines = await q.insertLines(tenantId, order.id, newLines);
        await q.deleteCart(tenantId, cart.id);
        const view = toOrderView(order, offer.offeringName, lines, pickup, { addsTo, additions: [] });
        return { orderId: order.id, created: true, order: view };
      });
      savedCard = outcome.created && Boolean(source?.save);
      if (!outcome.created) {
        // A repeat of a placed order tried no card: its unit goes back.
        if (newCardTry) await tokenizer.giveBackTry(tenantId, customerId);
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
          return { order: toOrderView(winner.order, winner.offeringName, winner.lines, winner.pickup, await repository.linksOf(tenantId, winner.order)), created: false };
        }
      }
      // Approved, then the order could not be written: release the hold on the member's card.
      if (held.authorizationId) await voidQuietly(held.authorizationId);
      throw error;
    } finally {
      // A card tokenised for this order and not saved with it is forgotten at the gateway.
      if (!savedCard) await forgetFreshCard(source);
    }
  };
}
