import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createProfileSchema,
  phoneCountryOf,
  PREFIXES,
  type Customer,
  type ProfileFormValues,
  type ProfileInput,
} from '@winery/domain';
import { SelectField, TextField } from '../../components/form-field';
import { countryOptions } from '../../lib/countries';
import { applyServerFieldErrors, toastFailure } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { useUpdateCustomer } from './customer.api';

const PROFILE_FIELDS = [
  'prefix',
  'firstName',
  'lastName',
  'email',
  'confirmEmail',
  'phoneCountry',
  'phone',
  'dateOfBirth',
  'company',
] as const;

/** The form as the saved customer fills it; the confirmation starts equal to the e-mail. */
export function profileFormValues(customer: Customer): ProfileFormValues {
  return {
    prefix: (PREFIXES as readonly string[]).includes(customer.prefix ?? '') ? (customer.prefix as ProfileFormValues['prefix']) : '',
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    confirmEmail: customer.email,
    phoneCountry: phoneCountryOf(customer.phone) ?? 'US',
    phone: customer.phone ?? '',
    dateOfBirth: customer.dateOfBirth ?? '',
    company: customer.company ?? '',
  };
}

export function ProfileForm({ customer, minimumAge }: { customer: Customer; minimumAge: number }) {
  const { t } = useTranslation(['common', 'notification']);
  const update = useUpdateCustomer();
  const resolver = useMemo(() => formResolver(createProfileSchema({ minimumAge })), [minimumAge]);
  const countries = countryOptions();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: profileFormValues(customer) });

  const onSubmit = async (values: ProfileInput) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(profileFormValues(saved));
      toast.success(t('notification:profile.updateSuccess'));
    } catch (error) {
      applyServerFieldErrors(error, setError, PROFILE_FIELDS);
      toastFailure(t('notification:profile.updateFailed'), error);
    }
  };

  return (
    <form className="form account-form" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="profile-form">
      <fieldset className="account-form__group">
        <legend className="account-form__legend">{t('profileForm.nameGroup')}</legend>
        <div className="account-form__row account-form__row--name">
          <SelectField id="profile-prefix" label={t('profileForm.prefix')} autoComplete="honorific-prefix" registration={register('prefix')} error={errors.prefix?.message}>
            <option value="">{t('profileForm.noPrefix')}</option>
            {PREFIXES.map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}
              </option>
            ))}
          </SelectField>
          <TextField id="profile-first-name" label={t('profileForm.firstName')} autoComplete="given-name" registration={register('firstName')} error={errors.firstName?.message} />
          <TextField id="profile-last-name" label={t('profileForm.lastName')} autoComplete="family-name" registration={register('lastName')} error={errors.lastName?.message} />
        </div>
      </fieldset>
      <fieldset className="account-form__group">
        <legend className="account-form__legend">{t('profileForm.contactGroup')}</legend>
        <div className="account-form__row">
          <TextField id="profile-email" label={t('profileForm.email')} type="email" inputMode="email" autoComplete="email" registration={register('email')} error={errors.email?.message} />
          <TextField id="profile-confirm-email" label={t('profileForm.confirmEmail')} type="email" inputMode="email" autoComplete="email" registration={register('confirmEmail')} error={errors.confirmEmail?.message} />
        </div>
        <div className="account-form__row account-form__row--phone">
          <SelectField id="profile-phone-country" label={t('profileForm.phoneCountry')} autoComplete="tel-country-code" registration={register('phoneCountry')} error={errors.phoneCountry?.message}>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
          <TextField id="profile-phone" label={t('profileForm.phone')} type="tel" inputMode="tel" autoComplete="tel" hint={t('profileForm.phoneHint')} registration={register('phone')} error={errors.phone?.message} />
        </div>
        <div className="account-form__row">
          <TextField id="profile-date-of-birth" label={t('profileForm.dateOfBirth')} type="date" autoComplete="bday" hint={t('profileForm.dateOfBirthHint', { age: minimumAge })} registration={register('dateOfBirth')} error={errors.dateOfBirth?.message} />
          <TextField id="profile-company" label={t('profileForm.company')} autoComplete="organization" registration={register('company')} error={errors.company?.message} />
        </div>
      </fieldset>
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          <span className="button__spinner" aria-hidden="true" />
          {t('profileForm.submit')}
        </button>
      </div>
    </form>
  );
}
