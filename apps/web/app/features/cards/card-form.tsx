import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cardBrandOf, CardInputSchema, type CardFormValues, type CardInput } from '@winery/domain';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CheckboxField, TextField } from '../../components/form-field';
import { applyServerFieldErrors, toastFailure } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { useAddCard } from './cards.api';
import { cardBrandName } from '../../lib/card-brand';

const CARD_FIELDS = ['cardNumber', 'cardHolderName', 'expirationDate', 'cvv'] as const;
const EMPTY: CardFormValues = { cardNumber: '', cardHolderName: '', expirationDate: '', cvv: '', preferred: false };
const resolver = formResolver(CardInputSchema);

/**
 * A new card. The number and security code live only in this form's memory until the API hands
 * them to the payment gateway; the form is emptied after success and forgotten when it closes.
 */
export function CardForm({ onDone, firstCard }: { onDone: () => void; firstCard: boolean }) {
  const { t } = useTranslation(['common', 'notification']);
  const addCard = useAddCard();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { ...EMPTY, preferred: firstCard } });

  useEffect(() => setFocus('cardNumber'), [setFocus]);

  const onSubmit = async (values: CardInput) => {
    try {
      await addCard.run(values);
      reset(EMPTY);
      toast.success(t('notification:card.addSuccess'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, CARD_FIELDS);
      toastFailure(t('notification:card.addFailed'), error);
    }
  };

  return (
    <form className="form account-form" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="card-form" aria-labelledby="card-form-heading">
      <h2 id="card-form-heading" className="section-heading">
        {t('cards.addHeading')}
      </h2>
      <CardFields register={register} errors={errors} cardNumber={watch('cardNumber') ?? ''} />
      <CheckboxField id="card-preferred" label={t('cards.preferred')} registration={register('preferred')} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          <span className="button__spinner" aria-hidden="true" />
          {t('cards.save')}
        </button>
        <button type="button" className="button button--quiet" onClick={onDone} disabled={isSubmitting}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

interface CardFieldsProps {
  register: UseFormRegister<CardFormValues>;
  errors: FieldErrors<CardFormValues>;
  /** The number as typed so far, to name the brand and the size of its security code. */
  cardNumber: string;
  /** Keeps the fields' ids apart when two card forms could meet (account, checkout). */
  idPrefix?: string;
}

/** A card's four fields (number, holder, expiry, security code), for any form that takes a new card. */
export function CardFields({ register, errors, cardNumber, idPrefix = 'card' }: CardFieldsProps) {
  const { t } = useTranslation();
  const brand = cardBrandOf(cardNumber);
  return (
    <>
      <div className="card-number-field">
        <TextField
          id={`${idPrefix}-number`}
          label={t('cards.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          registration={register('cardNumber')}
          error={errors.cardNumber?.message}
        />
        {/* The brand as it is recognised while typing; announced politely, never the digits. */}
        <span className="card-number-field__brand" aria-live="polite" data-testid="card-brand">
          {brand ? cardBrandName(brand.type) : ''}
        </span>
      </div>
      <TextField id={`${idPrefix}-holder`} label={t('cards.cardHolderName')} autoComplete="cc-name" registration={register('cardHolderName')} error={errors.cardHolderName?.message} />
      <div className="account-form__row account-form__row--card">
        <TextField
          id={`${idPrefix}-expiry`}
          label={t('cards.expirationDate')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          registration={register('expirationDate')}
          error={errors.expirationDate?.message}
        />
        <TextField
          id={`${idPrefix}-cvv`}
          label={t('cards.cvv')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          hint={brand ? t('cards.cvvHint', { size: brand.codeSize }) : t('cards.cvvHintUnknown')}
          registration={register('cvv')}
          error={errors.cvv?.message}
        />
      </div>
    </>
  );
}
