import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BOTTLES_PER_WINE } from '@winery/domain';

interface QuantityControlProps {
  id: string;
  /** The wine, as its label reads ("Quella 2023"), for the names of the field and its buttons. */
  wine: string;
  value: number;
  maximum: number;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  onChange: (value: number) => void;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * Bottles of one wine: a number field between a − and a + button. The buttons stop at 0 and at the
 * member's maximum; typing more than the maximum is allowed and answered by a message, since the
 * member may mean to ask for more (a wish).
 */
export function QuantityControl({ id, wine, value, maximum, disabled = false, describedBy, invalid = false, onChange }: QuantityControlProps) {
  const { t } = useTranslation();
  // What the field shows while typing: it may be empty for a moment without meaning 0.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => {
    setDraft((current) => (current === '' && value === 0 ? current : String(value)));
  }, [value]);

  const commit = (text: string) => {
    setDraft(text);
    const parsed = Number.parseInt(text, 10);
    onChange(Number.isNaN(parsed) ? 0 : clamp(parsed, MAX_BOTTLES_PER_WINE));
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
          onClick={() => onChange(clamp(value - 1, MAX_BOTTLES_PER_WINE))}
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
          onClick={() => onChange(clamp(value + 1, maximum))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
