import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, ShippingDestinationsView } from '@winery/domain';
import { countryName, formatList } from '../../lib/countries';
import { AddressForm, type AddressFormLimits } from '../addresses/address-form';
import { AddressLines } from '../addresses/address-lines';
import { Choice, ChoiceGroup } from './choice';
import { cannotShipMessage, servedStates, statesNotServed } from './destinations';
import { StepFrame } from './step-frame';

interface AddressOption {
  id: string;
  address: Address;
  label?: string;
  /** Why it cannot be chosen ('Sorry, we cannot ship to Utah.'); absent when it can. */
  refusal?: string | null;
}

interface AddressChoicesProps {
  name: string;
  legend: string;
  options: readonly AddressOption[];
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  error: string | null;
  empty: string;
  /** The country a new address starts in. */
  country: string;
  /** What a new address may be (checkout's shipping destinations); anything when absent. */
  limits?: AddressFormLimits;
}

/** Saved addresses as radio cards, and a new one added in place (then chosen). */
function AddressChoices({ name, legend, options, selectedId, onSelect, error, empty, country, limits }: AddressChoicesProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const refusalId = useId();
  const [adding, setAdding] = useState(options.length === 0);
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <>
      <ChoiceGroup legend={legend} error={error} errorId={errorId} className="choice-group--grid">
        {options.length === 0 ? <p className="muted choice-group__empty">{empty}</p> : null}
        {options.map(({ id, address, label, refusal }) => (
          <Choice
            key={`${name}-${id}`}
            name={name}
            value={id}
            checked={!refusal && selectedId === id}
            onChange={() => onSelect(id)}
            disabled={Boolean(refusal)}
            describedBy={refusal ? `${refusalId}-${id}` : undefined}
            testId={`${name}-choice`}
          >
            {label ? <span className="choice__eyebrow">{label}</span> : null}
            <AddressLines address={address} />
            {refusal ? (
              <span id={`${refusalId}-${id}`} className="choice__refusal" data-testid="address-refusal">
                {refusal}
              </span>
            ) : null}
          </Choice>
        ))}
      </ChoiceGroup>
      {adding ? (
        <div className="checkout-step__form card">
          <AddressForm
            headingLevel={3}
            showDefaults={false}
            initialCountry={country}
            limits={limits}
            onDone={(saved) => {
              setAdding(false);
              if (saved) onSelect(saved.id);
              else requestAnimationFrame(() => addButton.current?.focus());
            }}
          />
        </div>
      ) : (
        <p className="checkout-step__add">
          <button ref={addButton} type="button" className="button button--link" onClick={() => setAdding(true)}>
            {t('offering.checkout.address.add')}
          </button>
        </p>
      )}
    </>
  );
}

interface ShippingAddressStepProps {
  addresses: readonly Address[];
  destinations: ShippingDestinationsView;
  countryCode: string;
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  error: string | null;
  busy: boolean;
  focusOnMount: boolean;
  onContinue: () => void;
  onBack: () => void;
}

/**
 * Step 2 (shipping only): one of the member's addresses in the country chosen in step 1. One the
 * winery cannot ship to (a state that cannot receive wine) is shown, not chosen, with the reason;
 * a new address can only be one it ships to.
 */
export function ShippingAddressStep({ addresses, destinations, countryCode, selectedId, onSelect, error, busy, focusOnMount, onContinue, onBack }: ShippingAddressStepProps) {
  const { t } = useTranslation();
  const country = countryName(countryCode);
  const options = addresses
    .filter((address) => address.countryCode === countryCode)
    .map((address) => ({ id: address.id, address, refusal: cannotShipMessage(destinations, address) }));
  const leftOut = statesNotServed(destinations, countryCode);
  const states = servedStates(destinations, countryCode);
  return (
    <StepFrame
      title={t('offering.checkout.steps.address')}
      intro={
        <>
          {t('offering.checkout.address.intro', { country })}
          {leftOut.length > 0 ? <> {t('checkout.destinations.statesLeftOut', { states: formatList(leftOut, 'or') })}</> : null}
        </>
      }
      testId="step-address"
      focusOnMount={focusOnMount}
      onContinue={onContinue}
      onBack={onBack}
      busy={busy}
    >
      <AddressChoices
        name="shipping-address"
        legend={t('offering.checkout.address.legend')}
        options={options}
        selectedId={selectedId}
        onSelect={onSelect}
        error={error}
        empty={t('offering.checkout.address.none', { country })}
        country={countryCode}
        limits={{ countries: [countryCode], states: states ?? null }}
      />
    </StepFrame>
  );
}

interface BillingStepProps {
  addresses: readonly Address[];
  /** The shipping address, offered first as "same as shipping"; none for a pick-up. */
  shippingAddress: Address | null;
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  error: string | null;
  focusOnMount: boolean;
  onContinue: () => void;
  onBack: () => void;
}

/** Step 3: where the invoice goes: the shipping address, or another saved (or new) one. */
export function BillingStep({ addresses, shippingAddress, selectedId, onSelect, error, focusOnMount, onContinue, onBack }: BillingStepProps) {
  const { t } = useTranslation();
  const options = [
    ...(shippingAddress ? [{ id: shippingAddress.id, address: shippingAddress, label: t('offering.checkout.billing.sameAsShipping') }] : []),
    ...addresses.filter((address) => address.id !== shippingAddress?.id).map((address) => ({ id: address.id, address })),
  ];
  return (
    <StepFrame title={t('offering.checkout.steps.billing')} intro={t('offering.checkout.billing.intro')} testId="step-billing" focusOnMount={focusOnMount} onContinue={onContinue} onBack={onBack}>
      <AddressChoices
        name="billing-address"
        legend={t('offering.checkout.billing.legend')}
        options={options}
        selectedId={selectedId}
        onSelect={onSelect}
        error={error}
        empty={t('offering.checkout.billing.none')}
        country={shippingAddress?.countryCode ?? 'US'}
      />
    </StepFrame>
  );
}
