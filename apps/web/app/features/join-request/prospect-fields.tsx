import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PREFIXES, statesOf, type JoinAllocationFormValues } from '@winery/domain';
import { SelectField, TextField } from '../../components/form-field';
import { countryOptions } from '../../lib/countries';
import { useHydrated } from '../../lib/use-hydrated';

export const DEFAULT_COUNTRY = 'US';

/** The person and address fields both joining forms ask for, in the order they are shown. */
export const PROSPECT_FIELDS = [
  'prefix',
  'firstName',
  'lastName',
  'email',
  'confirmEmail',
  'phoneCountry',
  'phone',
  'dateOfBirth',
  'company',
  'countryCode',
  'address1',
  'address2',
  'city',
  'stateCode',
  'zipCode',
] as const;

export type ProspectFieldName = (typeof PROSPECT_FIELDS)[number];

/** An empty form: the phone and the address start in the United States, where most members live. */
export const emptyProspect = (): Record<ProspectFieldName, string> & JoinAllocationFormValues => ({
  prefix: '',
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  phoneCountry: DEFAULT_COUNTRY,
  phone: '',
  dateOfBirth: '',
  company: '',
  countryCode: DEFAULT_COUNTRY,
  address1: '',
  address2: '',
  city: '',
  stateCode: '',
  zipCode: '',
});

interface ProspectFieldsProps {
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string;
  register: (name: ProspectFieldName, options?: { onChange?: (event: ChangeEvent) => void }) => UseFormRegisterReturn;
  errors: Partial<Record<ProspectFieldName, { message?: string } | undefined>>;
  /** The address country as chosen now: it decides whether the state is a list. */
  country: string;
  /** Another country's state would be wrong there: the form starts the state afresh. */
  onCountryChange: () => void;
  minimumAge: number;
}

/**
 * Name, contact and address of a prospect, laid out like the member's own profile and address
 * forms (same labels, same autocomplete), so a future member fills in what they will later keep.
 */
export function ProspectFields({ idPrefix, register, errors, country, onCountryChange, minimumAge }: ProspectFieldsProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // Country names come from the runtime's ICU data, which differs between the build (Node) and
  // browsers ("Hong Kong SAR China" / "Hong Kong"): the prerendered page lists the default country
  // only, and the app adds the rest once it has taken over (the form cannot be sent before).
  const countries = hydrated ? countryOptions() : countryOptions().filter((option) => option.code === DEFAULT_COUNTRY);
  const states = statesOf(country);
  const id = (name: string) => `${idPrefix}-${name}`;
  const stateLabel = t(`addresses.stateLabel.${country}`, { defaultValue: t('addresses.state') });

  return (
    <>
      <fieldset className="join-form__group">
        <legend className="join-form__legend">{t('profileForm.nameGroup')}</legend>
        <div className="join-form__row join-form__row--name">
          <SelectField id={id('prefix')} label={t('profileForm.prefix')} autoComplete="honorific-prefix" registration={register('prefix')} error={errors.prefix?.message}>
            <option value="">{t('profileForm.noPrefix')}</option>
            {PREFIXES.map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}
              </option>
            ))}
          </SelectField>
          <TextField id={id('first-name')} label={t('profileForm.firstName')} autoComplete="given-name" registration={register('firstName')} error={errors.firstName?.message} />
          <TextField id={id('last-name')} label={t('profileForm.lastName')} autoComplete="family-name" registration={register('lastName')} error={errors.lastName?.message} />
        </div>
      </fieldset>
      <fieldset className="join-form__group">
        <legend className="join-form__legend">{t('profileForm.contactGroup')}</legend>
        <div className="join-form__row">
          <TextField id={id('email')} label={t('profileForm.email')} type="email" inputMode="email" autoComplete="email" registration={register('email')} error={errors.email?.message} />
          <TextField id={id('confirm-email')} label={t('profileForm.confirmEmail')} type="email" inputMode="email" autoComplete="email" registration={register('confirmEmail')} error={errors.confirmEmail?.message} />
        </div>
        <div className="join-form__row join-form__row--phone">
          <SelectField id={id('phone-country')} label={t('profileForm.phoneCountry')} autoComplete="tel-country-code" registration={register('phoneCountry')} error={errors.phoneCountry?.message}>
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </SelectField>
          <TextField id={id('phone')} label={t('profileForm.phone')} type="tel" inputMode="tel" autoComplete="tel" hint={t('profileForm.phoneHint')} registration={register('phone')} error={errors.phone?.message} />
        </div>
        <div className="join-form__row">
          <TextField id={id('date-of-birth')} label={t('profileForm.dateOfBirth')} type="date" autoComplete="bday" hint={t('profileForm.dateOfBirthHint', { age: minimumAge })} registration={register('dateOfBirth')} error={errors.dateOfBirth?.message} />
          <TextField id={id('company')} label={t('profileForm.company')} autoComplete="organization" registration={register('company')} error={errors.company?.message} />
        </div>
      </fieldset>
      <fieldset className="join-form__group">
        <legend className="join-form__legend">{t('join.addressGroup')}</legend>
        <SelectField
          id={id('country')}
          label={t('addresses.country')}
          autoComplete="country"
          registration={register('countryCode', { onChange: onCountryChange })}
          error={errors.countryCode?.message}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <TextField id={id('address1')} label={t('addresses.address1')} autoComplete="address-line1" registration={register('address1')} error={errors.address1?.message} />
        <TextField id={id('address2')} label={t('addresses.address2')} autoComplete="address-line2" registration={register('address2')} error={errors.address2?.message} />
        <div className="join-form__row join-form__row--locality">
          <TextField id={id('city')} label={t('addresses.city')} autoComplete="address-level2" registration={register('city')} error={errors.city?.message} />
          {states ? (
            <SelectField id={id('state')} label={stateLabel} autoComplete="address-level1" registration={register('stateCode')} error={errors.stateCode?.message}>
              <option value="">{t('addresses.stateChoose')}</option>
              {Object.entries(states).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField id={id('state')} label={t('addresses.stateRegion')} autoComplete="address-level1" registration={register('stateCode')} error={errors.stateCode?.message} />
          )}
          <TextField id={id('zip')} label={t('addresses.zipCode')} autoComplete="postal-code" registration={register('zipCode')} error={errors.zipCode?.message} />
        </div>
      </fieldset>
    </>
  );
}
