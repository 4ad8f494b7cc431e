import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { controlProps, Field } from './fields';

/**
 * Dollars as staff type them; the form keeps the text (so a wrong entry stays as typed) and turns
 * it into cents with dollarsToCents when it sends.
 */
export function MoneyInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  className,
  disabled,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('staff');
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <span className="staff-money">
        <span className="staff-money__sign" aria-hidden="true">
          {t('fields.currencySign')}
        </span>
        <input
          className="field__input staff-money__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          {...controlProps(id, error, hint)}
        />
      </span>
    </Field>
  );
}
