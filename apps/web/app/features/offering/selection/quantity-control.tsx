import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampQuantity } from '@winery/domain';

interface QuantityControlProps {
  id: string;
  /** The wine, as its label reads ("Quella 2023"), for the names of the field and its buttons. */
  wine: string;
  value: number;
  /** The most the member may choose now (their maximum less earlier orders). */
  maximum: number;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  onChange: (value: number) => void;
  /** The member typed more than `maximum`: the field now holds `maximum`, and the page says why. */
  onLimit?: () => void;
}

/**
 * Bottles of one wine: a number field between a − and a + button. The field never holds more
 * than the member's maximum or less than 0: typing 99 where 6 is the most leaves 6 (and `onLimit`
 * lets the page say so); more than the maximum is asked for as a wish.
 */
export function QuantityControl({ id, wine, value, maximum, disabled = false, describedBy, invalid = false, onChange, onLimit }: QuantityControlProps) {
  const { t } = useTranslation();
  // What the field shows while typing: it may be empty for a moment without meaning 0.
  const [draft, setDraft] = useState(String(value));
  // A new value shows in the same render as the buttons it enables or disables (adjusted while
  // rendering, not in an effect, which painted a frame with + disabled beside the old number).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(draft === '' && value === 0 ? draft : String(value));
  }

  const commit = (text: string) => {
    const parsed = Number.parseInt(text, 10);
    if (Number.isNaN(parsed)) {
      setDraft(text);
      onChange(0);
      return;
    }
    const kept = clampQuantity(parsed, maximum);
    setDraft(kept === parsed ? text : String(kept));
    onChange(kept);
    if (parsed > maximum) onLimit?.();
  };

  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity__label">
        {t('offering.allocation.bottles')}
        <span className="visually-hidden"> {t('offering.allocation.ofWine', { wine })}</span>
      </label>
      <div className="quantity__control">
        <button
          type="button"
          className="quantity__step"
          aria-label={t('offering.allocation.fewer', { wine })}
          aria-controls={id}
          disabled={disabled || value <= 0}
          onClick={() => onChange(clampQuantity(value - 1, maximum))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={maximum}
          step={1}
          value={draft}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => commit(event.target.value)}
          onBlur={() => setDraft(String(value))}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={t('offering.allocation.more', { wine })}
          aria-controls={id}
          disabled={disabled || value >= maximum}
          onClick={() => onChange(clampQuantity(value + 1, maximum))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
