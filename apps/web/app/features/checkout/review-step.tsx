import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, Card, Cart, Offering, PickupLocation } from '@winery/domain';
import { cardBrandOf } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { formatCardExpiry } from '../../lib/format';
import { cardBrandName } from '../cards/card-brand';
import { useQuote } from './checkout.api';
import { OrderLines, OrderTotals, type SummaryLine } from '../offering/order-parts';
import { AddressLines } from '../addresses/address-lines';
import { deliveryOf, type CheckoutChoices, type CheckoutStep } from './checkout-steps';
import type { NewCard } from './payment-step';
import { StepFrame } from './step-frame';

interface ReviewStepProps {
  offering: Offering;
  cart: Cart;
  choices: CheckoutChoices;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  location: PickupLocation | null;
  savedCard: Card | null;
  newCard: NewCard | null;
  error: string | null;
  placing: boolean;
  focusOnMount: boolean;
  onEdit: (step: CheckoutStep) => void;
  onPlaceOrder: () => void;
  onBack: () => void;
}

/** The cart's lines with the offering's names and prices (the cart holds ids and quantities). */
export function cartSummaryLines(cart: Cart, offering: Offering): SummaryLine[] {
  const wines = new Map(offering.wines.map((wine) => [wine.id, wine]));
  return cart.lines.flatMap((line) => {
    const wine = wines.get(line.wineId);
    return wine && line.quantity > 0
      ? [{ wineId: wine.id, name: wine.name, vintage: wine.vintage, sizeMl: wine.sizeMl, quantity: line.quantity, unitPriceCents: wine.priceCents }]
      : [];
  });
}

function ReviewBlock({ title, step, onEdit, children, testId }: { title: string; step: CheckoutStep; onEdit: (step: CheckoutStep) => void; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const id = `review-${step}`;
  return (
    <section className="review-block" aria-labelledby={id} data-testid={testId}>
      <div className="review-block__head">
        <h3 id={id} className="review-block__title">
          {title}
        </h3>
        <button type="button" className="button button--link" aria-describedby={id} onClick={() => onEdit(step)}>
          {t('offering.checkout.review.change')}
        </button>
      </div>
      <div className="review-block__body">{children}</div>
    </section>
  );
}

/** Step 5: everything chosen, the totals quoted by the server, and Place order. */
export function ReviewStep(props: ReviewStepProps) {
  const { offering, cart, choices, shippingAddress, billingAddress, location, savedCard, newCard, error, placing, focusOnMount, onEdit, onPlaceOrder, onBack } = props;
  const { t } = useTranslation();
  const delivery = deliveryOf(choices);
  const quote = useQuote(cart.id, delivery);
  const lines = cartSummaryLines(cart, offering);
  const newBrand = newCard ? cardBrandOf(newCard.card.cardNumber) : null;

  let totals: ReactNode;
  if (quote.isError) {
    totals = (
      <div className="alert alert--error" role="alert">
        <p className="alert__title">{errorMessage(quote.error, t('offering.checkout.review.quoteFailed'))}</p>
        <button type="button" className="button button--quiet" onClick={() => void quote.refetch()}>
          {t('offering.retry')}
        </button>
      </div>
    );
  } else if (!quote.data) {
    totals = <PageLoading label={t('offering.checkout.review.quoting')} />;
  } else {
    totals = (
      <>
        <OrderTotals totals={quote.data.totals} />
        {quote.data.notice ? (
          <p className="notice" data-testid="quote-notice">
            {quote.data.notice}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <StepFrame
      title={t('offering.checkout.steps.review')}
      intro={t('offering.checkout.review.intro')}
      testId="step-review"
      focusOnMount={focusOnMount}
      onContinue={onPlaceOrder}
      onBack={onBack}
      busy={placing || !quote.data}
      continueLabel={t('offering.checkout.review.placeOrder')}
    >
      <div className="review">
        <section className="review-block review-block--wide" aria-labelledby="review-wines" data-testid="review-wines">
          <div className="review-block__head">
            <h3 id="review-wines" className="review-block__title">
              {t('offering.checkout.review.wines')}
            </h3>
          </div>
          <OrderLines lines={lines} caption={t('offering.checkout.review.wines')} />
          {totals}
        </section>
        <ReviewBlock title={t('offering.checkout.review.delivery')} step={choices.method === 'pickup' ? 'delivery' : 'address'} onEdit={onEdit} testId="review-delivery">
          {choices.method === 'pickup' && location ? (
            <>
              <p className="review-block__lead">{t('offering.checkout.review.pickUpAt')}</p>
              <AddressLines lines={[location.name, location.address, location.hours]} />
            </>
          ) : shippingAddress ? (
            <>
              <p className="review-block__lead">{t('offering.checkout.review.shipTo')}</p>
              <AddressLines address={shippingAddress} />
            </>
          ) : null}
        </ReviewBlock>
        <ReviewBlock title={t('offering.checkout.review.billing')} step="billing" onEdit={onEdit} testId="review-billing">
          {billingAddress ? <AddressLines address={billingAddress} /> : null}
        </ReviewBlock>
        <ReviewBlock title={t('offering.checkout.review.payment')} step="payment" onEdit={onEdit} testId="review-payment">
          {savedCard ? (
            <p className="review-block__text">
              {cardBrandName(savedCard.brand)} {t('cards.endingIn', { last4: savedCard.last4 })}
              <br />
              <span className="muted">{t('cards.expires', { date: formatCardExpiry(savedCard.expMonth, savedCard.expYear) })}</span>
            </p>
          ) : newCard ? (
            <p className="review-block__text">
              {newBrand ? cardBrandName(newBrand.type) : t('offering.checkout.payment.newCard')} {t('cards.endingIn', { last4: newCard.card.cardNumber.slice(-4) })}
              <br />
              <span className="muted">{newCard.card.cardHolderName}</span>
            </p>
          ) : null}
        </ReviewBlock>
      </div>
      {error ? (
        <div className="alert alert--error" role="alert" data-testid="order-error">
          <p className="alert__title">{error}</p>
        </div>
      ) : null}
    </StepFrame>
  );
}
