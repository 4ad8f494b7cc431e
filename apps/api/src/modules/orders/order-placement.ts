import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isExpired, normaliseSelection, renderValidationMessage, selectionSubtotal, type MemberOrder, type PlaceOrderInput } from '@winery/domain';
import type { CartLineRow } from '../../db/schema/index.js';
import { ApiError, fieldError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import type { WineLimitRow } from '../cart/cart.repository.js';
import { toRateTables } from '../cart/pricing.repository.js';
import { checkDelivery, type PricingService } from '../cart/pricing.service.js';
import { assertOfferingOpen, choiceProblems, selectionError, toWineLimits, wineLabel } from '../cart/selection.js';
import { cardRefused, MAX_CARDS_PER_MEMBER, type CardTokenizer } from '../cards/card-tokenizer.js';
import type { CardRow, CardValues } from '../cards/cards.repository.js';
import { mailBrandOf } from '../mail/mail.repository.js';
import type { MailService } from '../mail/mail.service.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { WaitingRoomService } from '../waiting-room/waiting-room.service.js';
import { confirmationMail } from './order-mails.js';
import { addressCopy, toOrderView } from './order-view.js';
import { drawOrderNumbers, type OrderContext, type OrdersRepository } from './orders.repository.js';

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
  /** The receipt is written with the order, in its transaction: no order without its e-mail, no e-mail without its order. */
  mail: MailService;
  log: FastifyBaseLogger;
  now: () => Date;
  /**
   * The waiting room's check (issue 17): a member not yet through cannot order. Asked only when the
   * order's context says the offering has a room the member was not yet seen through (ADR 026).
   */
  admission: Pick<WaitingRoomService, 'assertAdmitted'>;
}

export type PlaceOrderResult = { order: MemberOrder; created: boolean };

/** A context the submission may go on with: its cart, allocation and everything else were found. */
type Found = Extract<OrderContext, { kind: 'found' }>;

/**
 * Thrown out of a placement whose context says the member's waiting room has to be asked: nothing
 * was tried yet (no card, no stock); the room is asked outside the transaction, then the placement
 * starts again.
 */
class AdmissionToCheck extends Error {
  constructor(readonly allocationId: string) {
    super('the waiting room decides whether this member may order yet');
  }
}

/**
 * What the context says before anything is checked: a repeat of a placed submission (answered with
 * its order), a cart or allocation that is not there or not the member's, or the order's data.
 */
function admit(context: OrderContext): Found | { repeatOf: string } {
  switch (context.kind) {
    case 'repeat':
      return { repeatOf: context.orderId };
    // cartGone: another submission from the same cart (a second tab) placed its order while this
    // one waited for the lock; that cart is ordered and gone, and is not ordered twice.
    case 'noCart':
    case 'cartGone':
      throw new ApiError('notFound', API_MESSAGES.cartNotFound);
    case 'cartOfAnotherMember':
      throw new ApiError('forbidden', API_MESSAGES.otherMemberCart);
    case 'noAllocation':
      throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
    default:
      return context;
  }
}

const soldOut = (wine: Pick<WineLimitRow, 'offeringWineId' | 'name' | 'vintage' | 'sizeMl'>) => {
  const message = API_MESSAGES.soldOut(wineLabel(wine));
  return new ApiError('conflict', message, [{ field: `lines.${wine.offeringWineId}`, code: 'soldOut', message }]);
};

export function createOrderPlacement(deps: OrderPlacementDependencies) {
  const { repository, pricing, gateway, tokenizer, mail, log, now, admission } = deps;

  async function orderView(tenantId: string, orderId: string): Promise<MemberOrder> {
    const found = await repository.findWithLines(tenantId, orderId);
    if (!found) throw new ApiError('notFound', API_MESSAGES.orderNotFound);
    return toOrderView(found.order, found.offeringName, found.lines, found.pickup, await repository.linksOf(tenantId, found.order));
  }

  /**
   * What a member can put right without a card, checked in the order they meet it: the offering's
   * window, the delivery (the member's own address in the chosen country, or a pick-up place), the
   * billing address. Answers the delivery and the rate tables of its country.
   */
  function checkSubmission(found: Found, customerId: string, input: PlaceOrderInput) {
    assertOfferingOpen(found.offer, now());
    const delivery = checkDelivery(customerId, input.delivery, { address: found.shippingAddress, shipsFrom: found.shipsFrom, location: found.pickupLocation });
    const billing = found.billingAddress;
    if (!billing || billing.customerId !== customerId) throw fieldError('billingAddressId', 'selectAddress', renderValidationMessage('selectAddress'));
    return { delivery, billing, tables: toRateTables(found.rates) };
  }

  /** A card the member typed in, its try counted, not yet sent to the gateway. */
  interface NewCardTry {
    newCard: Extract<PlaceOrderInput['payment'], { newCard: unknown }>['newCard'];
    saveCard: boolean;
    field: string;
  }

  function savedCardSource(card: CardRow | undefined, customerId: string): PaymentSource {
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
  async function countNewCardTry(
    tenantId: string,
    customerId: string,
    payment: Extract<PlaceOrderInput['payment'], { newCard: unknown }>,
    cardCount: number,
  ): Promise<NewCardTry> {
    const { newCard, saveCard } = payment;
    if (saveCard && cardCount >= MAX_CARDS_PER_MEMBER) throw new ApiError('conflict', API_MESSAGES.tooManyCards(MAX_CARDS_PER_MEMBER));
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
   * Places an order in one short transaction (ADR 009, in four round trips since ADR 026): read
   * everything under the member's allocation lock (a repeated submission is answered with its
   * order), check the choice against what the member may still take, authorise the card, then
   * write the order, its lines and its receipt and take the stock with one conditional update per
   * wine, last, so the stock rows stay locked only until the commit. Any refusal rolls everything
   * back: stock, order and card are as they were, and an approved authorisation is voided. A member
   * who already holds an order of the allocation places an addition (ADR 017): it points at their
   * first order and is charged for its own bottles only.
   */
  async function attempt(tenantId: string, customerId: string, input: PlaceOrderInput, admissionChecked: boolean): Promise<PlaceOrderResult> {
    const payment = input.payment;
    // The room is asked (outside any transaction) only for a member its offering's context says
    // was not yet seen through; once asked, the attempt that follows goes on.
    const assertAdmissionKnown = (found: Found) => {
      if (found.needsAdmission && !admissionChecked) throw new AdmissionToCheck(found.offer.allocationId);
    };
    const contextInput = {
      tenantId,
      customerId,
      cartId: input.cartId,
      idempotencyKey: input.idempotencyKey,
      delivery: input.delivery,
      billingAddressId: input.billingAddressId,
      cardId: 'cardId' in payment ? payment.cardId : null,
      numbers: drawOrderNumbers(),
      now: now(),
    };

    // A new card's try is counted before the card goes anywhere, once the submission passes what
    // a member can put right without one; the count has rows of its own, so this is read outside
    // the transaction (PGlite's one connection would wait for it), and read again inside.
    let newCardTry: NewCardTry | null = null;
    if (!('cardId' in payment)) {
      const seen = admit(await repository.orderContext(contextInput));
      if ('repeatOf' in seen) return { order: await orderView(tenantId, seen.repeatOf), created: false };
      assertAdmissionKnown(seen);
      checkSubmission(seen, customerId, input);
      newCardTry = await countNewCardTry(tenantId, customerId, payment, seen.cardCount);
    }

    let source: PaymentSource | undefined;
    // Set inside the transaction once the gateway approves; read when something fails after that.
    const held: { authorizationId: string | null } = { authorizationId: null };
    let savedCard = false;
    try {
      const outcome = await repository.placementTransaction(async (q) => {
        // (a)+(b) The member's orders for this allocation queue on its lock, taken by this read
        // and held to the commit: a double submission waits for the first to commit and then
        // finds its order; two different orders of one member cannot both spend the same maximum.
        const found = admit(await q.context(contextInput));
        if ('repeatOf' in found) return { orderId: found.repeatOf, created: false, order: null };
        assertAdmissionKnown(found);
        const { delivery, billing, tables } = checkSubmission(found, customerId, input);
        const savedSource = 'cardId' in payment ? savedCardSource(found.card, customerId) : null;
        const { offer, cart } = found;
        // Read under the lock: of two first orders at once, the second becomes the addition.
        const addsTo = found.firstOrder;
        // A new card goes to the gateway only now, once this submission is known not to be a
        // repeat: a double click with a new card tokenises it once (issue 11, finding 8).
        source = savedSource ?? (await tokenise(newCardTry!));
        const card = source;

        const limits = found.wines;
        const taken = new Map(limits.filter((wine) => wine.taken > 0).map((wine) => [wine.offeringWineId, wine.taken]));
        const chosen: CartLineRow[] = normaliseSelection(cart.lines).sort((a, b) => (a.wineId < b.wineId ? -1 : a.wineId > b.wineId ? 1 : 0));
        const problems = choiceProblems(chosen, { limits, taken, orderMinimumCents: offer.orderMinimumCents, combinations: offer.combinations });
        if (problems.length > 0) throw selectionError(problems, limits);
        const wines = new Map(limits.map((limit) => [limit.offeringWineId, limit]));
        // Saved only if the order is: written in this transaction, before the stock rows are locked.
        if (card.save) await q.saveCard(tenantId, customerId, { ...card.save, preferred: found.cardCount === 0 }, now());

        // (d) The same totals a quote shows.
        const subtotalCents = selectionSubtotal(chosen, toWineLimits(limits));
        const bottles = chosen.reduce((sum, line) => sum + line.quantity, 0);
        const totals = pricing.totals(delivery, tables, subtotalCents, bottles);

        // (c) What is visibly gone is refused before the card is touched. The conditional update
        // in the write decides; a race for the last bottles lost there voids the authorisation.
        for (const line of chosen) {
          const wine = wines.get(line.wineId)!;
          if (delivery.stockLocationId === null || wine.stock === null || wine.stock < line.quantity) throw soldOut(wine);
        }

        // (g) The receipt, written with the order (no order without its e-mail, no e-mail without
        // its order) as its template's data: the mail worker renders it when it sends it (ADR 026).
        const at = now();
        const number = found.number;
        if (number === null) throw new Error('no free order number among the numbers drawn');
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
        const receipt = found.member
          ? mail.prepare(
              {
                tenantId,
                to: found.member.email,
                template: confirmationMail(found.member.firstName, {
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
                }),
              },
              mailBrandOf(found.brand, found.tenantName),
            )
          : null;

        // (e) Under the member's lock (the sweep of ADR 013 waits for it), before any stock row is
        // locked: however long the gateway takes, no other member's order waits for it.
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
        // The last round trip: the write, and the commit with it (ADR 026).
        const written = await q.writeAndCommit({
          tenantId,
          customerId,
          cartId: cart.id,
          order: {
            allocationId: offer.allocationId,
            number,
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
          lines: newLines,
          mail: receipt,
          stockLocationId: delivery.stockLocationId!,
        });
        if (written.kind === 'soldOut') throw soldOut(wines.get(written.offeringWineId)!);
        // Another order took the number since it was drawn (the receipt names it): nothing is kept, the member tries again.
        if (written.kind === 'numberTaken') throw new ApiError('conflict', API_MESSAGES.other);
        const view = toOrderView(written.order, offer.offeringName, written.lines, pickup, { addsTo, additions: [] });
        return { orderId: written.order.id, created: true, order: view, receipt: receipt !== null };
      });
      savedCard = outcome.created && Boolean(source?.save);
      if (!outcome.created) {
        // A repeat of a placed order tried no card: its unit goes back.
        if (newCardTry) await tokenizer.giveBackTry(tenantId, customerId);
        return { order: await orderView(tenantId, outcome.orderId), created: false };
      }
      if (outcome.receipt) mail.queued();
      return { order: outcome.order!, created: true };
    } catch (error) {
      // A room turned on between the read before the transaction and the one in it: the new card's
      // try goes back, as nothing was tried, and is counted again when the placement starts again.
      if (error instanceof AdmissionToCheck && newCardTry) await tokenizer.giveBackTry(tenantId, customerId);
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
  }

  return async function place(tenantId: string, customerId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
    try {
      return await attempt(tenantId, customerId, input, false);
    } catch (error) {
      if (!(error instanceof AdmissionToCheck)) throw error;
      // Refuses a member whose place has not come up yet; marks one who is through as seen.
      await admission.assertAdmitted(tenantId, customerId, error.allocationId);
      return attempt(tenantId, customerId, input, true);
    }
  };
}
