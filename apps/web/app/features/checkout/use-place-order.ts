import { useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { OFFERING_PATHS, type Cart, type Offering } from '@winery/domain';
import { isClientError } from '../../lib/api-error';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';
import { offeringQueryKey, orderQueryKey } from '../offering/offering.api';
import { clearCartId } from '../offering/selection/cart-storage';
import type { SelectionNotice } from '../offering/selection/selection-page';
import { useOrderRequest } from './checkout.api';
import { deliveryOf, type CheckoutChoices, type CheckoutStep } from './checkout-steps';
import { classifyOrderError } from './order-errors';
import type { NewCard } from './payment-step';

/** A refused order: the step where the member puts it right, and the server's words when it sent any. */
export interface OrderProblem {
  step: CheckoutStep;
  message?: string;
  /** A field of the step the message belongs by (the gift message). */
  field?: 'giftMessage';
}

/**
 * Placing the order from the review step. One idempotency key per checkout: a double click or a
 * retry after a lost answer makes one order and one charge. A new card's digits leave memory the
 * moment the order exists. On success the member's data is brought up to date and the thank-you
 * page follows; a sold-out wine or a changed selection goes back to the selection page; any other
 * refusal comes back as the step to put right. `onSend` runs when a request actually leaves.
 */
export function usePlaceOrder({ offering, cart, onSend }: { offering: Offering; cart: Cart; onSend: () => void }) {
  const { t } = useTranslation(['common', 'notification']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { customerId } = useSession();
  const request = useOrderRequest();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const placing = useRef(false);

  const backToSelection = (notice: string) =>
    void navigate(OFFERING_PATHS.allocation, { state: { notice } satisfies SelectionNotice });

  const place = async (choices: CheckoutChoices, newCard: RefObject<NewCard | null>, giftMessage?: string): Promise<OrderProblem | null> => {
    const delivery = deliveryOf(choices);
    if (placing.current || !delivery || !choices.billingAddressId || !choices.payment) return null;
    const card = newCard.current;
    const payment =
      choices.payment.kind === 'saved' ? { cardId: choices.payment.cardId } : card ? { newCard: card.card, saveCard: card.saveCard } : null;
    if (!payment) return { step: 'payment' };
    placing.current = true;
    onSend();
    try {
      const order = await request.run({
        cartId: cart.id,
        delivery,
        billingAddressId: choices.billingAddressId,
        payment,
        idempotencyKey,
        // Left out of the body when there is none (JSON drops undefined).
        giftMessage: giftMessage || undefined,
      });
      newCard.current = null;
      clearCartId();
      queryClient.setQueryData(orderQueryKey(customerId, order.id), order);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.orders });
      if ('saveCard' in payment && payment.saveCard) void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.cards });
      // The member's status is thank-you now; the pages decide from it, so it is fetched first.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
      toast.success(t('notification:order.success'));
      // The ordered cart is gone on the server: its cached copy goes once the checkout has left
      // (before, the checkout would read "no cart" and turn back to the selection page).
      await navigate(OFFERING_PATHS.thankYou, { replace: true });
      queryClient.removeQueries({ queryKey: sessionQueryKeys.cart });
      return null;
    } catch (error) {
      const failure = classifyOrderError(error, t('offering.checkout.review.placeFailed'));
      // The server answered and nothing was made: the next attempt is a new submission. Without an
      // answer (network, 5xx) the order may exist, so a retry must carry the same key.
      if (isClientError(error)) setIdempotencyKey(crypto.randomUUID());
      switch (failure.kind) {
        case 'soldOut':
          void queryClient.invalidateQueries({ queryKey: offeringQueryKey(customerId, offering.allocationId) });
          backToSelection(failure.message);
          return null;
        case 'selection':
          backToSelection(failure.message);
          return null;
        case 'payment':
          return { step: 'payment', message: failure.message };
        case 'address':
          return { step: choices.method === 'pickup' ? 'delivery' : 'address', message: failure.message };
        case 'billing':
          return { step: 'billing', message: failure.message };
        case 'giftMessage':
          return { step: 'review', field: 'giftMessage', message: failure.message };
        case 'closed':
          void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
          return { step: 'review', message: failure.message };
        default:
          return { step: 'review', message: failure.message };
      }
    } finally {
      placing.current = false;
    }
  };

  return { place, placing: request.isPending };
}
