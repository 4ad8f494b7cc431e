import { useTranslation } from 'react-i18next';
import type { CheckoutStep } from './checkout-steps';

interface CheckoutStepperProps {
  steps: readonly CheckoutStep[];
  current: CheckoutStep;
  onSelect: (step: CheckoutStep) => void;
}

/**
 * Where the member is in the checkout. Steps already done are buttons that go back to them; the
 * current one is marked with aria-current="step"; later ones are plain text until reached.
 */
export function CheckoutStepper({ steps, current, onSelect }: CheckoutStepperProps) {
  const { t } = useTranslation();
  const currentIndex = steps.indexOf(current);
  return (
    <nav className="stepper" aria-label={t('offering.checkout.stepsLabel')} data-testid="checkout-stepper">
      <ol className="stepper__list">
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next';
          const label = (
            <>
              <span className="stepper__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="stepper__label">{t(`offering.checkout.steps.${step}`)}</span>
              {state === 'done' ? <span className="visually-hidden"> {t('offering.checkout.stepDone')}</span> : null}
            </>
          );
          return (
            <li key={step} className={`stepper__item stepper__item--${state}`}>
              {state === 'done' ? (
                <button type="button" className="stepper__button" onClick={() => onSelect(step)}>
                  {label}
                </button>
              ) : (
                <span className="stepper__static" aria-current={state === 'current' ? 'step' : undefined}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
