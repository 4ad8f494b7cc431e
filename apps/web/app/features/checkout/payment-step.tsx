import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardInputSchema, type Card, type CardFormValues, type CardInput } from '@winery/domain';
import { formatCardExpiry } from '../../lib/format';
import { formResolver } from '../../lib/form-resolver';
import { cardBrandName } from '../../lib/card-brand';
import { CardFields } from '../cards/card-form';
import { Choice, ChoiceGroup } from './choice';
import type { PaymentChoice } from './checkout-steps';
import { StepFrame } from './step-frame';

const EMPTY: CardFormValues = { cardNumber: '', cardHolderName: '', expirationDate: '', cvv: '', preferred: false };
const resolver = formResolver(CardInputSchema);

export interface NewCard {
  card: CardInput;
  saveCard: boolean;
}

interface PaymentStepProps {
  cards: readonly Card[];
  choice: PaymentChoice | null;
  onChoice: (choice: PaymentChoice) => void;
  /** A new card typed earlier in this checkout (memory only), to show again when coming back. */
  newCard: NewCard | null;
  error: string | null;
  focusOnMount: boolean;
  onContinue: (newCard: NewCard | null) => void;
  onBack: () => void;
}

/** Step 4: a saved card (the preferred one first chosen) or a new one, kept in memory only. */
export function PaymentStep({ cards, choice, onChoice, newCard, error, focusOnMount, onContinue, onBack }: PaymentStepProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [saveCard, setSaveCard] = useState(newCard?.saveCard ?? false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ resolver, defaultValues: newCard ? { ...newCard.card } : EMPTY });

  const continueStep = () => {
    if (choice?.kind === 'new') {
      void handleSubmit((card) => onContinue({ card, saveCard }))();
      return;
    }
    onContinue(null);
  };

  return (
    <StepFrame title={t('offering.checkout.steps.payment')} intro={t('offering.checkout.payment.intro')} testId="step-payment" focusOnMount={focusOnMount} onContinue={continueStep} onBack={onBack}>
      <ChoiceGroup legend={t('offering.checkout.payment.legend')} error={error} errorId={errorId} className="choice-group--grid">
        {cards.map((card) => (
          <Choice key={card.id} name="payment-card" value={card.id} checked={choice?.kind === 'saved' && choice.cardId === card.id} onChange={() => onChoice({ kind: 'saved', cardId: card.id })} testId="card-choice">
            {card.preferred ? <span className="choice__eyebrow">{t('cards.default')}</span> : null}
            <span className="choice__title">
              {cardBrandName(card.brand)} <span className="visually-hidden">{t('cards.endingIn', { last4: card.last4 })}</span>
              <span aria-hidden="true" className="choice__digits">
                {t('cards.numberEnding', { last4: card.last4 })}
              </span>
            </span>
            <span className="choice__text">{t('cards.expires', { date: formatCardExpiry(card.expMonth, card.expYear) })}</span>
            <span className="choice__text">{card.cardHolderName}</span>
          </Choice>
        ))}
        <Choice name="payment-card" value="new" checked={choice?.kind === 'new'} onChange={() => onChoice({ kind: 'new' })} testId="card-choice-new">
          <span className="choice__title">{t('offering.checkout.payment.newCard')}</span>
          <span className="choice__text">{t('offering.checkout.payment.newCardText')}</span>
        </Choice>
      </ChoiceGroup>
      {choice?.kind === 'new' ? (
        <div className="checkout-step__form card form account-form" data-testid="new-card-fields">
          <h3 className="section-heading">{t('offering.checkout.payment.newCardHeading')}</h3>
          <CardFields register={register} errors={errors} cardNumber={watch('cardNumber') ?? ''} idPrefix="checkout-card" />
          <div className="checkbox-field">
            <input id="checkout-save-card" type="checkbox" className="checkbox-field__input" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} />
            <label htmlFor="checkout-save-card" className="checkbox-field__label">
              {t('offering.checkout.payment.saveCard')}
            </label>
          </div>
        </div>
      ) : null}
    </StepFrame>
  );
}
