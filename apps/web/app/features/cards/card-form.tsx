import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cardBrandOf, CardInputSchema, type CardFormValues, type CardInput } from '@winery/domain';
import { CheckboxField, TextField } from '../../components/form-field';
import { applyServerFieldErrors, toastFailure } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { useAddCard } from './cards.api';
import { cardBrandName } from './card-brand';

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

  const brand = cardBrandOf(watch('cardNumber') ?? '');

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
      <div className="card-number-field">
        <TextField
          id="card-number"
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
      <TextField id="card-holder" label={t('cards.cardHolderName')} autoComplete="cc-name" registration={register('cardHolderName')} error={errors.cardHolderName?.message} />
      <div className="account-form__row account-form__row--card">
        <TextField
          id="card-expiry"
          label={t('cards.expirationDate')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          registration={register('expirationDate')}
          error={errors.expirationDate?.message}
        />
        <TextField
          id="card-cvv"
          label={t('cards.cvv')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          hint={brand ? t('cards.cvvHint', { size: brand.codeSize }) : t('cards.cvvHintUnknown')}
          registration={register('cvv')}
          error={errors.cvv?.message}
        />
      </div>
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
