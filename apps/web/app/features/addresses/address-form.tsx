import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AddressInputSchema, statesOf, type Address, type AddressFormValues, type AddressInput } from '@winery/domain';
import { CheckboxField, SelectField, TextField } from '../../components/form-field';
import { countryOptions } from '../../lib/countries';
import { applyServerFieldErrors, toastFailure } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { useAddAddress, useUpdateAddress } from './addresses.api';

const ADDRESS_FIELDS = ['recipientName', 'address1', 'address2', 'city', 'stateCode', 'zipCode', 'countryCode', 'phone'] as const;
const DEFAULT_COUNTRY = 'US';
const resolver = formResolver(AddressInputSchema);

const formValues = (address?: Address, country = DEFAULT_COUNTRY): AddressFormValues => ({
  countryCode: address?.countryCode ?? country,
  recipientName: address?.recipientName ?? '',
  phone: address?.phone ?? '',
  address1: address?.address1 ?? '',
  address2: address?.address2 ?? '',
  city: address?.city ?? '',
  stateCode: address?.stateCode ?? '',
  zipCode: address?.zipCode ?? '',
  isDefaultShipping: address?.isDefaultShipping ?? false,
  isDefaultBilling: address?.isDefaultBilling ?? false,
});

/** Where a new address may be: checkout's shipping destinations (the address book takes any country). */
export interface AddressFormLimits {
  countries: readonly string[];
  /** The states offered where the country has a list; null: the whole list. */
  states: readonly string[] | null;
}

interface AddressFormProps {
  /** The address being edited; a new one when left out. */
  address?: Address;
  /** Called with the saved address, or with nothing when the member cancelled. */
  onDone: (saved?: Address) => void;
  /** A new address's country to start with (the checkout's chosen country). */
  initialCountry?: string;
  /** Where the form sits in the page's outline: a section of its own (2) or inside a step (3). */
  headingLevel?: 2 | 3;
  /** Whether to offer the two default flags for a new address. */
  showDefaults?: boolean;
  /** Only these countries and states (a shipping address at checkout). */
  limits?: AddressFormLimits;
}

/** Adds or edits one address. The state is a list where the country has one, free text elsewhere. */
export function AddressForm({ address, onDone, initialCountry, headingLevel = 2, showDefaults = true, limits }: AddressFormProps) {
  const { t } = useTranslation(['common', 'notification']);
  const add = useAddAddress();
  const update = useUpdateAddress();
  const editing = Boolean(address);
  const idPrefix = address ? `address-${address.id}` : 'address-new';
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: formValues(address, initialCountry) });

  const country = watch('countryCode') ?? DEFAULT_COUNTRY;
  const allStates = statesOf(country);
  const states = allStates && limits?.states ? Object.fromEntries(Object.entries(allStates).filter(([code]) => limits.states?.includes(code))) : allStates;

  // The member asked for this form: take them to its first field.
  useEffect(() => setFocus('countryCode'), [setFocus]);

  const onSubmit = async (values: AddressInput) => {
    try {
      if (address) {
        // Defaults are chosen with their own buttons; an edit keeps the flags as they were.
        const saved = await update.mutateAsync({
          id: address.id,
          input: { ...values, isDefaultShipping: address.isDefaultShipping, isDefaultBilling: address.isDefaultBilling },
        });
        toast.success(t('notification:address.updateSuccess'));
        onDone(saved);
      } else {
        const saved = await add.mutateAsync(values);
        toast.success(t('notification:address.addSuccess'));
        onDone(saved);
      }
    } catch (error) {
      applyServerFieldErrors(error, setError, ADDRESS_FIELDS);
      toastFailure(t(editing ? 'notification:address.updateFailed' : 'notification:address.addFailed'), error);
    }
  };

  const stateLabel = t(`addresses.stateLabel.${country}`, { defaultValue: t('addresses.state') });
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  return (
    <form className="form account-form" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="address-form" aria-labelledby={`${idPrefix}-heading`}>
      <Heading id={`${idPrefix}-heading`} className="section-heading">
        {editing ? t('addresses.editHeading') : t('addresses.addHeading')}
      </Heading>
      <SelectField
        id={`${idPrefix}-country`}
        label={t('addresses.country')}
        autoComplete="country"
        registration={register('countryCode', {
          // Another country's state would be wrong there: start the state afresh.
          onChange: () => setValue('stateCode', ''),
        })}
        error={errors.countryCode?.message}
      >
        {countryOptions(limits?.countries).map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${idPrefix}-recipient`}
        label={t('addresses.recipientName')}
        autoComplete={limits ? 'shipping name' : 'name'}
        hint={t('addresses.recipientHint')}
        registration={register('recipientName')}
        error={errors.recipientName?.message}
      />
      <TextField id={`${idPrefix}-address1`} label={t('addresses.address1')} autoComplete="address-line1" registration={register('address1')} error={errors.address1?.message} />
      <TextField id={`${idPrefix}-address2`} label={t('addresses.address2')} autoComplete="address-line2" registration={register('address2')} error={errors.address2?.message} />
      <div className="account-form__row account-form__row--locality">
        <TextField id={`${idPrefix}-city`} label={t('addresses.city')} autoComplete="address-level2" registration={register('city')} error={errors.city?.message} />
        {states ? (
          <SelectField id={`${idPrefix}-state`} label={stateLabel} autoComplete="address-level1" registration={register('stateCode')} error={errors.stateCode?.message}>
            <option value="">{t('addresses.stateChoose')}</option>
            {Object.entries(states).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField id={`${idPrefix}-state`} label={t('addresses.stateRegion')} autoComplete="address-level1" registration={register('stateCode')} error={errors.stateCode?.message} />
        )}
        <TextField id={`${idPrefix}-zip`} label={t('addresses.zipCode')} autoComplete="postal-code" registration={register('zipCode')} error={errors.zipCode?.message} />
      </div>
      <TextField
        id={`${idPrefix}-phone`}
        label={t('addresses.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={t('addresses.phoneHint')}
        registration={register('phone')}
        error={errors.phone?.message}
      />
      {editing || !showDefaults ? null : (
        <div className="account-form__checks">
          <CheckboxField id={`${idPrefix}-default-shipping`} label={t('addresses.makeDefaultShipping')} registration={register('isDefaultShipping')} />
          <CheckboxField id={`${idPrefix}-default-billing`} label={t('addresses.makeDefaultBilling')} registration={register('isDefaultBilling')} />
        </div>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          <span className="button__spinner" aria-hidden="true" />
          {t('addresses.save')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => onDone()} disabled={isSubmitting}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}
