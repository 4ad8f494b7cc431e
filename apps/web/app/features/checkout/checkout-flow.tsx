import { useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GiftMessageSchema, type Address, type Card, type Cart, type Offering, type ShippingDestinationsView } from '@winery/domain';
import { i18n } from '../../lib/i18n';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';
import { BillingStep, ShippingAddressStep } from './address-step';
import { getQuoteQueryOptions } from './checkout.api';
import {
  checksDelivery,
  DEFAULT_COUNTRY,
  defaultChoices,
  deliveryOf,
  isCheckoutStep,
  missingChoice,
  nextStep,
  previousStep,
  reachableStep,
  shippingAddressFor,
  stepsFor,
  type CheckoutChoices,
  type CheckoutStep,
} from './checkout-steps';
import { CheckoutStepper } from './checkout-stepper';
import { CheckoutSummary } from './checkout-summary';
import { isDeliverable } from './destinations';
import { DeliveryStep } from './delivery-step';
import { classifyOrderError } from './order-errors';
import { PaymentStep, type NewCard } from './payment-step';
import { ReviewStep } from './review-step';
import { wantedHoldPlace } from './hold-state';
import { usePlaceOrder } from './use-place-order';
import { useHeldSelection } from './use-held-selection';

type StepErrors = Partial<Record<CheckoutStep, string>>;

/**
 * The checkout's steps (delivery, shipping address, billing address, payment, review), one at a
 * time. The step is in the address (`?step=`), so back and reload work, but never past one that is
 * incomplete; the choices and a new card's digits are in memory only.
 */
export function CheckoutFlow({
  offering,
  cart,
  addresses,
  cards,
  destinations,
}: {
  offering: Offering;
  cart: Cart;
  addresses: readonly Address[];
  cards: readonly Card[];
  destinations: ShippingDestinationsView;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { customerId, token } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const deliverable = (address: Address) => isDeliverable(destinations, address);
  const [choices, setChoices] = useState<CheckoutChoices>(() =>
    defaultChoices(addresses, cards, offering, { countries: destinations.countries.map((country) => country.countryCode), deliverable }),
  );
  const [errors, setErrors] = useState<StepErrors>({});
  // The gift message is written at the review; kept here so going back to a step keeps it.
  const [giftMessage, setGiftMessage] = useState('');
  const [giftError, setGiftError] = useState<string | null>(null);
  const giftField = useRef<HTMLTextAreaElement>(null);
  const [checking, setChecking] = useState(false);
  // A new card's digits: in this component's memory only, never in storage, the URL or a cache.
  const newCard = useRef<NewCard | null>(null);
  const moved = useRef(false);
  const placeOrder = usePlaceOrder({ offering, cart, onSend: () => setErrors({}) });
  // The bottles held when the member came from choosing; collecting elsewhere holds them there.
  const held = useHeldSelection({ allocationId: offering.allocationId, cartId: cart.id, wanted: wantedHoldPlace(choices) });

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
    const missing = missingChoice(from, choices);
    if (missing) return fail(from, i18n.t(`validation:${missing}`));
    if (checksDelivery(from, choices) && !(await checkDelivery(from))) return;
    goTo(nextStep(from, choices.method));
  };

  const onPlaceOrder = async () => {
    const gift = GiftMessageSchema.safeParse(giftMessage);
    if (!gift.success) {
      setGiftError(i18n.t(`validation:${gift.error.issues[0]?.message ?? 'tooLong'}`));
      giftField.current?.focus();
      return;
    }
    const problem = await placeOrder.place(choices, newCard, gift.data);
    if (!problem) return;
    if (problem.field === 'giftMessage') {
      setGiftError(problem.message ?? null);
      giftField.current?.focus();
      return;
    }
    if (problem.message) fail(problem.step, problem.message);
    if (problem.step !== 'review') goTo(problem.step);
  };

  // The summary shows shipping, tax and total once the delivery is known: a pick-up location, or
  // (from the address step on) a shipping address the winery serves.
  const chosenDelivery = deliveryOf(choices);
  const knownDelivery =
    chosenDelivery?.method === 'pickup' ||
    (chosenDelivery?.method === 'shipping' && step !== 'delivery' && shippingAddress !== null && deliverable(shippingAddress))
      ? chosenDelivery
      : null;

  const focusOnMount = moved.current;
  let body: ReactNode;
  switch (step) {
    case 'delivery':
      body = (
        <DeliveryStep
          offering={offering}
          destinations={destinations}
          choices={choices}
          error={errors.delivery ?? null}
          busy={checking}
          focusOnMount={focusOnMount}
          onMethod={(method) => update({ method }, ['delivery'])}
          // An address in another country no longer fits: choose the default one there, if any.
          onCountry={(countryCode) =>
            update({ countryCode, shippingAddressId: shippingAddressFor(countryCode, addresses, choices.shippingAddressId, deliverable) }, ['delivery', 'address'])
          }
          onLocation={(locationId) => update({ locationId }, ['delivery'])}
          onContinue={() => void continueFrom('delivery')}
        />
      );
      break;
    case 'address':
      body = (
        <ShippingAddressStep
          addresses={addresses}
          destinations={destinations}
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
          cart={cart}
          choices={choices}
          shippingAddress={shippingAddress}
          billingAddress={billingAddress}
          location={location}
          savedCard={savedCard}
          newCard={choices.payment?.kind === 'new' ? newCard.current : null}
          giftMessage={giftMessage}
          onGiftMessage={(value) => {
            setGiftMessage(value);
            // Said again only once it is put right, not at every keystroke.
            if (giftError && GiftMessageSchema.safeParse(value).success) setGiftError(null);
          }}
          giftError={giftError}
          giftField={giftField}
          error={errors.review ?? null}
          placing={placeOrder.placing}
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
        <CheckoutSummary key={step === 'review' ? 'summary-review' : 'summary'} offering={offering} cart={cart} delivery={knownDelivery} location={location} openOnPhone={step === 'review'} held={held} />
        <div className="checkout__step" key={`step-${step}`}>
          {body}
        </div>
      </div>
    </div>
  );
}
