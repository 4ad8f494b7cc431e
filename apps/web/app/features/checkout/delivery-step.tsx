import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offering, ShippingDestinationsView } from '@winery/domain';
import { countryName, countryOptions } from '../../lib/countries';
import { Choice, ChoiceGroup } from './choice';
import type { CheckoutChoices } from './checkout-steps';
import { destinationsSentence } from './destinations';
import { StepFrame } from './step-frame';

interface DeliveryStepProps {
  offering: Offering;
  destinations: ShippingDestinationsView;
  choices: CheckoutChoices;
  onMethod: (method: 'shipping' | 'pickup') => void;
  onCountry: (countryCode: string) => void;
  onLocation: (locationId: string) => void;
  error: string | null;
  busy: boolean;
  focusOnMount: boolean;
  onContinue: () => void;
}

/**
 * Step 1: shipped (to which country) or collected at one of the estate's pick-up locations. Only
 * the countries the rate tables serve are offered, and a sentence says where that is (and where to
 * collect instead) before the member chooses or types anything.
 */
export function DeliveryStep({ offering, destinations, choices, onMethod, onCountry, onLocation, error, busy, focusOnMount, onContinue }: DeliveryStepProps) {
  const { t } = useTranslation();
  const countryId = useId();
  const errorId = useId();
  const canPickUp = offering.pickupLocations.length > 0;
  const canShip = destinations.countries.length > 0;
  const countries = countryOptions(destinations.countries.map((country) => country.countryCode));
  const notice = choices.method === 'shipping' && choices.countryCode
    ? offering.shippingNotices.find((item) => item.countryCode === choices.countryCode)?.text
    : undefined;

  return (
    <StepFrame
      title={t('offering.checkout.steps.delivery')}
      intro={<span data-testid="destinations-sentence">{destinationsSentence(destinations, offering.pickupLocations)}</span>}
      introId={`${countryId}-destinations`}
      testId="step-delivery"
      focusOnMount={focusOnMount}
      onContinue={onContinue}
      onBack={null}
      busy={busy}
    >
      <ChoiceGroup legend={t('offering.checkout.delivery.question')} errorId={`${errorId}-method`} className="choice-group--two">
        {canShip ? (
          <Choice name="delivery-method" value="shipping" checked={choices.method === 'shipping'} onChange={() => onMethod('shipping')} testId="method-shipping">
            <span className="choice__title">{t('offering.checkout.delivery.ship')}</span>
            <span className="choice__text">{t('offering.checkout.delivery.shipText')}</span>
          </Choice>
        ) : null}
        {canPickUp ? (
          <Choice name="delivery-method" value="pickup" checked={choices.method === 'pickup'} onChange={() => onMethod('pickup')} testId="method-pickup">
            <span className="choice__title">{t('offering.checkout.delivery.pickUp')}</span>
            <span className="choice__text">{t('offering.checkout.delivery.pickUpText')}</span>
          </Choice>
        ) : null}
      </ChoiceGroup>

      {choices.method === 'shipping' ? (
        <div className="checkout-step__detail">
          <div className={`field checkout-country${error ? ' field--invalid' : ''}`}>
            <label htmlFor={countryId} className="field__label">
              {t('offering.checkout.delivery.country')}
            </label>
            <select
              id={countryId}
              className="field__input field__select"
              value={choices.countryCode ?? ''}
              autoComplete="shipping country"
              aria-describedby={[`${countryId}-destinations`, notice ? `${countryId}-notice` : null, error ? errorId : null].filter(Boolean).join(' ')}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onCountry(event.target.value)}
            >
              {choices.countryCode ? null : <option value="">{t('addresses.stateChoose')}</option>}
              {countries.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          {notice ? (
            <p id={`${countryId}-notice`} className="notice" data-testid="shipping-notice">
              <span className="notice__label">{t('offering.checkout.delivery.noticeLabel', { country: countryName(choices.countryCode ?? '') })}</span>{' '}
              {notice}
            </p>
          ) : null}
          {error ? (
            <p id={errorId} className="field__error" role="alert" data-testid="step-error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}

      {choices.method === 'pickup' ? (
        <ChoiceGroup legend={t('offering.checkout.delivery.location')} error={error} errorId={errorId} className="checkout-step__detail">
          {offering.pickupLocations.map((location) => (
            <Choice key={location.id} name="pickup-location" value={location.id} checked={choices.locationId === location.id} onChange={() => onLocation(location.id)} testId="pickup-location">
              <span className="choice__title">{location.name}</span>
              <span className="choice__text">{location.address}</span>
              <span className="choice__meta">{location.hours}</span>
            </Choice>
          ))}
        </ChoiceGroup>
      ) : null}
    </StepFrame>
  );
}
