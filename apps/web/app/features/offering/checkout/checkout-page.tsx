import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { OFFERING_PATHS, type Address, type Card, type Cart, type Offering } from '@winery/domain';
import { PageLoading } from '../../../components/page-loading';
import { errorMessage, isApiError, isClientError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { useAddresses } from '../../addresses/addresses.api';
import { useCards } from '../../cards/cards.api';
import { sessionQueryKeys } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/session.api';
import { clearCartId } from '../cart-storage';
import { WithOffering } from '../offering-content';
import { OfferingLoadFailed } from '../offering-gate';
import { getQuoteQueryOptions, offeringQueryKey, orderQueryKey, usePlaceOrder, useStoredCart } from '../offering.api';
import type { AllocationNotice } from '../allocation/allocation-page';
import { BillingStep, ShippingAddressStep } from './address-step';
import {
  deliveryOf,
  EMPTY_CHOICES,
  isCheckoutStep,
  nextStep,
  previousStep,
  reachableStep,
  stepsFor,
  type CheckoutChoices,
  type CheckoutStep,
} from './checkout-steps';
import { CheckoutStepper } from './checkout-stepper';
import { DeliveryStep } from './delivery-step';
import { classifyOrderError } from './order-errors';
import { PaymentStep, type NewCard } from './payment-step';
import { ReviewStep } from './review-step';

const DEFAULT_COUNTRY = 'US';

/** /offering/checkout: the saved cart, paid for in steps. Without a cart, back to the allocation. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { cartId, cart } = useStoredCart();
  const addresses = useAddresses();
  const cards = useCards();
  const cartGone = isApiError(cart.error) && cart.error.status === 404;
  useEffect(() => {
    if (cartGone) clearCartId();
  }, [cartGone]);

  if (!cartId || cartGone) {
    return <Navigate to={OFFERING_PATHS.allocation} replace />;
  }
  const failed = [cart, addresses, cards].find((query) => query.isError);
  if (failed) {
    return (
      <OfferingLoadFailed
        message={errorMessage(failed.error, t('offering.checkout.loadFailed'))}
        onRetry={() => [cart, addresses, cards].forEach((query) => void query.refetch())}
      />
    );
  }
  if (!cart.data || !addresses.data || !cards.data) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.checkout.loading')} />
      </div>
    );
  }
  const loadedCart = cart.data;
  const addressList = addresses.data;
  const cardList = cards.data;
  return (
    <WithOffering allocationId={loadedCart.allocationId}>
      {(offering) =>
        loadedCart.lines.some((line) => line.quantity > 0) ? (
          <CheckoutFlow offering={offering} cart={loadedCart} addresses={addressList} cards={cardList} />
        ) : (
          <Navigate to={OFFERING_PATHS.allocation} replace />
        )
      }
    </WithOffering>
  );
}

/** The first choices: the default shipping address's country and address, default billing, preferred card. */
export function defaultChoices(addresses: readonly Address[], cards: readonly Card[], offering: Offering): CheckoutChoices {
  const shipping = addresses.find((address) => address.isDefaultShipping) ?? addresses[0];
  const billing = addresses.find((address) => address.isDefaultBilling) ?? shipping;
  const card = cards.find((item) => item.preferred) ?? cards[0];
  return {
    ...EMPTY_CHOICES,
    method: 'shipping',
    countryCode: shipping?.countryCode ?? DEFAULT_COUNTRY,
    shippingAddressId: shipping?.id ?? null,
    locationId: offering.pickupLocations.length === 1 ? (offering.pickupLocations[0]?.id ?? null) : null,
    billingAddressId: billing?.id ?? null,
    payment: card ? { kind: 'saved', cardId: card.id } : { kind: 'new' },
  };
}

type StepErrors = Partial<Record<CheckoutStep, string>>;

function CheckoutFlow({ offering, cart, addresses, cards }: { offering: Offering; cart: Cart; addresses: readonly Address[]; cards: readonly Card[] }) {
  const { t } = useTranslation(['common', 'notification']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { customerId, token } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [choices, setChoices] = useState<CheckoutChoices>(() => defaultChoices(addresses, cards, offering));
  const [errors, setErrors] = useState<StepErrors>({});
  const [checking, setChecking] = useState(false);
  // A new card's digits: in this component's memory only, never in storage, the URL or a cache.
  const newCard = useRef<NewCard | null>(null);
  // One key per checkout: a double click or a retry after a lost answer makes one order, one charge.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const placing = useRef(false);
  const placeOrder = usePlaceOrder();
  const moved = useRef(false);

  const requested = searchParams.get('step');
  const step = reachableStep(isCheckoutStep(requested) ? requested : null, choices, newCard.current !== null);
  const steps = stepsFor(choices.method);
  const byId = new Map(addresses.map((address) => [address.id, address]));
  const shippingAddress = choices.method === 'shipping' && choices.shippingAddressId ? (byId.get(choices.shippingAddressId) ?? null) : null;
  const billingAddress = choices.billingAddressId ? (byId.get(choices.billingAddressId) ?? null) : null;
  const location = choices.method === 'pickup' ? (offering.pickupLocations.find((item) => item.id === choices.locationId) ?? null) : null;
  const savedCard = choices.payment?.kind === 'saved' ? (cards.find((card) => card.id === (choices.payment as { cardId: string }).cardId) ?? null) : null;

  const goTo = (target: CheckoutStep) => {
    moved.current = true;
    setSearchParams(target === 'delivery' ? {} : { step: target });
  };
  const update = (patch: Partial<CheckoutChoices>, clear: CheckoutStep[] = []) => {
    setChoices((current) => ({ ...current, ...patch }));
    if (clear.length > 0) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !clear.includes(key as CheckoutStep))));
  };
  const fail = (target: CheckoutStep, message: string) => setErrors((current) => ({ ...current, [target]: message }));
  const back = (from: CheckoutStep) => {
    const previous = previousStep(from, choices.method);
    if (previous) goTo(previous);
  };

  /** Asks the server for the totals of a delivery: it also says whether it can ship there. */
  const checkDelivery = async (from: CheckoutStep): Promise<boolean> => {
    const delivery = deliveryOf(choices);
    if (!delivery) return false;
    setChecking(true);
    try {
      await queryClient.fetchQuery(getQuoteQueryOptions(customerId, token, cart.id, delivery));
      return true;
    } catch (error) {
      const failure = classifyOrderError(error, t('offering.checkout.review.quoteFailed'));
      if (failure.kind === 'closed') void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
      fail(from, failure.message);
      return false;
    } finally {
      setChecking(false);
    }
  };

  const continueFrom = async (from: CheckoutStep) => {
    setErrors((current) => ({ ...current, [from]: undefined }));
    if (from === 'delivery') {
      if (choices.method === 'pickup') {
        if (!choices.locationId) return fail('delivery', i18n.t('validation:selectPickupLocation'));
        if (!(await checkDelivery('delivery'))) return;
      } else if (!choices.countryCode) {
        return fail('delivery', i18n.t('validation:countryRequired'));
      }
    }
    if (from === 'address') {
      if (!choices.shippingAddressId) return fail('address', i18n.t('validation:selectAddress'));
      if (!(await checkDelivery('address'))) return;
    }
    if (from === 'billing' && !choices.billingAddressId) return fail('billing', i18n.t('validation:selectAddress'));
    if (from === 'payment' && !choices.payment) return fail('payment', i18n.t('validation:selectCard'));
    goTo(nextStep(from, choices.method));
  };

  const onPlaceOrder = async () => {
    const delivery = deliveryOf(choices);
    if (placing.current || !delivery || !choices.billingAddressId || !choices.payment) return;
    const payment =
      choices.payment.kind === 'saved'
        ? { cardId: choices.payment.cardId }
        : newCard.current
          ? { newCard: newCard.current.card, saveCard: newCard.current.saveCard }
          : null;
    if (!payment) return goTo('payment');
    placing.current = true;
    setErrors({});
    try {
      const order = await placeOrder.run({ cartId: cart.id, delivery, billingAddressId: choices.billingAddressId, payment, idempotencyKey });
      newCard.current = null;
      clearCartId();
      queryClient.removeQueries({ queryKey: sessionQueryKeys.cart });
      queryClient.setQueryData(orderQueryKey(customerId, order.id), order);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.orders });
      if (payment && 'saveCard' in payment && payment.saveCard) void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.cards });
      // The member's status is thank-you now; the pages decide from it, so it is fetched first.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
      toast.success(t('notification:order.success'));
      void navigate(OFFERING_PATHS.thankYou, { replace: true });
    } catch (error) {
      const failure = classifyOrderError(error, t('offering.checkout.review.placeFailed'));
      // The server answered and nothing was made: the next attempt is a new submission. Without an
      // answer (network, 5xx) the order may exist, so a retry must carry the same key.
      if (isClientError(error)) setIdempotencyKey(crypto.randomUUID());
      switch (failure.kind) {
        case 'soldOut':
          void queryClient.invalidateQueries({ queryKey: offeringQueryKey(customerId, offering.allocationId) });
          void navigate(OFFERING_PATHS.allocation, { state: { notice: failure.message } satisfies AllocationNotice });
          break;
        case 'payment':
          fail('payment', failure.message);
          goTo('payment');
          break;
        case 'address':
          fail(choices.method === 'pickup' ? 'delivery' : 'address', failure.message);
          goTo(choices.method === 'pickup' ? 'delivery' : 'address');
          break;
        case 'billing':
          fail('billing', failure.message);
          goTo('billing');
          break;
        case 'closed':
          fail('review', failure.message);
          void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
          break;
        case 'selection':
          void navigate(OFFERING_PATHS.allocation, { state: { notice: failure.message } satisfies AllocationNotice });
          break;
        default:
          fail('review', failure.message);
      }
    } finally {
      placing.current = false;
    }
  };

  const focusOnMount = moved.current;
  let body: React.ReactNode;
  switch (step) {
    case 'delivery':
      body = (
        <DeliveryStep
          offering={offering}
          choices={choices}
          error={errors.delivery ?? null}
          busy={checking}
          focusOnMount={focusOnMount}
          onMethod={(method) => update({ method }, ['delivery'])}
          onCountry={(countryCode) => {
            // An address in another country no longer fits: choose the default one there, if any.
            const inCountry = addresses.filter((address) => address.countryCode === countryCode);
            const keep = inCountry.find((address) => address.id === choices.shippingAddressId);
            const pick = keep ?? inCountry.find((address) => address.isDefaultShipping) ?? (inCountry.length === 1 ? inCountry[0] : undefined);
            update({ countryCode, shippingAddressId: pick?.id ?? null }, ['delivery', 'address']);
          }}
          onLocation={(locationId) => update({ locationId }, ['delivery'])}
          onContinue={() => void continueFrom('delivery')}
        />
      );
      break;
    case 'address':
      body = (
        <ShippingAddressStep
          addresses={addresses}
          countryCode={choices.countryCode ?? DEFAULT_COUNTRY}
          selectedId={choices.shippingAddressId}
          onSelect={(shippingAddressId) => update({ shippingAddressId }, ['address'])}
          error={errors.address ?? null}
          busy={checking}
          focusOnMount={focusOnMount}
          onContinue={() => void continueFrom('address')}
          onBack={() => back('address')}
        />
      );
      break;
    case 'billing':
      body = (
        <BillingStep
          addresses={addresses}
          shippingAddress={shippingAddress}
          selectedId={choices.billingAddressId}
          onSelect={(billingAddressId) => update({ billingAddressId }, ['billing'])}
          error={errors.billing ?? null}
          focusOnMount={focusOnMount}
          onContinue={() => void continueFrom('billing')}
          onBack={() => back('billing')}
        />
      );
      break;
    case 'payment':
      body = (
        <PaymentStep
          cards={cards}
          choice={choices.payment}
          onChoice={(payment) => update({ payment }, ['payment'])}
          newCard={newCard.current}
          error={errors.payment ?? null}
          focusOnMount={focusOnMount}
          onContinue={(card) => {
            newCard.current = card;
            void continueFrom('payment');
          }}
          onBack={() => back('payment')}
        />
      );
      break;
    case 'review':
      body = (
        <ReviewStep
          offering={offering}
          cart={cart}
          choices={choices}
          shippingAddress={shippingAddress}
          billingAddress={billingAddress}
          location={location}
          savedCard={savedCard}
          newCard={choices.payment?.kind === 'new' ? newCard.current : null}
          error={errors.review ?? null}
          placing={placeOrder.isPending}
          focusOnMount={focusOnMount}
          onEdit={goTo}
          onPlaceOrder={() => void onPlaceOrder()}
          onBack={() => back('review')}
        />
      );
      break;
  }

  return (
    <div className="page offering-page offering-page--checkout">
      <header className="offering-header">
        <p className="eyebrow">{offering.name}</p>
        <h1 className="page-title">{t('offering.checkout.heading')}</h1>
      </header>
      <div className="checkout">
        <CheckoutStepper steps={steps} current={step} onSelect={goTo} />
        <div className="checkout__step" key={step}>
          {body}
        </div>
      </div>
    </div>
  );
}
