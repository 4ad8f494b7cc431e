import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, Card, Cart, PickupLocation } from '@winery/domain';
import { cardBrandOf, GIFT_MESSAGE_MAX_LENGTH } from '@winery/domain';
import { formatCardExpiry, formatNumber } from '../../lib/format';
import { cardBrandName } from '../../lib/card-brand';
import { useQuote } from './checkout.api';
import { AddressLines } from '../addresses/address-lines';
import { deliveryOf, type CheckoutChoices, type CheckoutStep } from './checkout-steps';
import type { NewCard } from './payment-step';
import { StepFrame } from './step-frame';

interface ReviewStepProps {
  cart: Cart;
  choices: CheckoutChoices;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  location: PickupLocation | null;
  savedCard: Card | null;
  newCard: NewCard | null;
  giftMessage: string;
  onGiftMessage: (value: string) => void;
  /** The gift message's own problem ('This text is too long'), shown by the field. */
  giftError: string | null;
  giftField: RefObject<HTMLTextAreaElement | null>;
  error: string | null;
  placing: boolean;
  focusOnMount: boolean;
  onEdit: (step: CheckoutStep) => void;
  onPlaceOrder: () => void;
  onBack: () => void;
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

/** An optional message for whoever receives the wine: a counter as it is typed, 'This text is too long' past the limit. */
function GiftMessageField({ value, onChange, error, field }: { value: string; onChange: (value: string) => void; error: string | null; field: RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const id = useId();
  const length = value.trim().length;
  const over = length - GIFT_MESSAGE_MAX_LENGTH;
  return (
    <div className="review-block review-block--wide" data-testid="review-gift">
      <div className={`field gift-message${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id} className="review-block__title gift-message__label">
          {t('checkout.gift.label')}
        </label>
        <textarea
          id={id}
          ref={field}
          rows={3}
          className="field__input field__textarea"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : null, `${id}-hint`, `${id}-count`].filter(Boolean).join(' ')}
          data-testid="gift-message"
        />
        <div className="gift-message__notes">
          <p id={`${id}-hint`} className="field__hint">
            {t('checkout.gift.hint')}
          </p>
          <p id={`${id}-count`} className={`field__hint gift-message__count${over > 0 ? ' gift-message__count--over' : ''}`} data-testid="gift-message-count">
            {over > 0 ? t('checkout.gift.over', { count: over }) : t('checkout.gift.count', { count: length, max: formatNumber(GIFT_MESSAGE_MAX_LENGTH) })}
          </p>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Step 5: everything chosen (the wines and totals are in the order summary beside it), a gift
 * message if the member wants one, and Place order once the server has quoted the totals.
 */
export function ReviewStep(props: ReviewStepProps) {
  const { cart, choices, shippingAddress, billingAddress, location, savedCard, newCard, giftMessage, onGiftMessage, giftError, giftField, error, placing, focusOnMount, onEdit, onPlaceOrder, onBack } = props;
  const { t } = useTranslation();
  const quote = useQuote(cart.id, deliveryOf(choices));
  const newBrand = newCard ? cardBrandOf(newCard.card.cardNumber) : null;

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
        <ReviewBlock title={t('offering.checkout.review.delivery')} step={choices.method === 'pickup' ? 'delivery' : 'address'} onEdit={onEdit} testId="review-delivery">
          {choices.method === 'pickup' && location ? (
            <>
              <p className="review-block__lead">{t('checkout.review.pickUpAt', { location: location.name })}</p>
              <AddressLines lines={[location.address, location.hours]} />
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
        <GiftMessageField value={giftMessage} onChange={onGiftMessage} error={giftError} field={giftField} />
      </div>
      {quote.data?.notice ? (
        <p className="notice" data-testid="quote-notice">
          {quote.data.notice}
        </p>
      ) : null}
      {error ? (
        <div className="alert alert--error" role="alert" data-testid="order-error">
          <p className="alert__title">{error}</p>
        </div>
      ) : null}
    </StepFrame>
  );
}
