import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface StepFrameProps {
  title: string;
  intro?: ReactNode;
  /** The intro's id, for a field it describes. */
  introId?: string;
  /** Focus the heading when the step appears (not on the page's first paint). */
  focusOnMount: boolean;
  onContinue: () => void;
  onBack: (() => void) | null;
  continueLabel?: string;
  busy?: boolean;
  children: ReactNode;
  testId: string;
}

/**
 * One step of the checkout: its heading (focused when the member arrives, so a screen reader says
 * where they are), its content, and Back / Continue. A section, not a form: a step may hold a
 * form of its own (a new address), and forms do not nest.
 */
export function StepFrame({ title, intro, introId, focusOnMount, onContinue, onBack, continueLabel, busy = false, children, testId }: StepFrameProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  return (
    <section className="checkout-step" aria-labelledby={`${testId}-heading`} data-testid={testId}>
      <h2 id={`${testId}-heading`} ref={heading} tabIndex={-1} className="checkout-step__heading">
        {title}
      </h2>
      {intro ? (
        <p id={introId} className="checkout-step__intro muted">
          {intro}
        </p>
      ) : null}
      {children}
      <div className="checkout-step__actions">
        {onBack ? (
          <button type="button" className="button button--quiet" onClick={onBack} disabled={busy}>
            {t('offering.checkout.back')}
          </button>
        ) : null}
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={onContinue} data-testid="step-continue">
          <span className="button__spinner" aria-hidden="true" />
          {continueLabel ?? t('offering.checkout.continue')}
        </button>
      </div>
    </section>
  );
}
