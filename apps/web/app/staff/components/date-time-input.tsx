import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { controlProps, Field } from './fields';
import { useTimeZone } from '../session/staff-session.api';

/**
 * A date and time on the winery's wall clock (its time zone, named under the field). The form keeps
 * the wall-clock text; zonedLocalToUtc turns it into the UTC instant the API takes.
 */
export function DateTimeInput({
  id,
  label,
  value,
  onChange,
  error,
  className,
  disabled,
  note,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  disabled?: boolean;
  /** Said after the time zone (why the field cannot change). */
  note?: string;
}) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const hint = note ? `${t('fields.timeZoneHint', { timeZone })}. ${note}` : t('fields.timeZoneHint', { timeZone });
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input
        type="datetime-local"
        className="field__input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...controlProps(id, error, hint)}
      />
    </Field>
  );
}
