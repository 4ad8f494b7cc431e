import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldFrame {
  id: string;
  label: ReactNode;
  /** The message shown next to the field (from the API, or the form's own check). */
  error?: string;
  hint?: ReactNode;
  className?: string;
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** Label, control, hint and error in the site's field style; the error is announced with the control. */
export function Field({ id, label, error, hint, className, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={`field staff-field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every control in a Field carries so its error and hint are read with it. */
export const controlProps = (id: string, error?: string, hint?: ReactNode) => ({
  id,
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': describedBy(id, error, hint),
});

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

export function TextInput({ id, label, error, hint, className, value, onChange, ...input }: InputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input className="field__input" value={value} onChange={(event) => onChange(event.target.value)} {...controlProps(id, error, hint)} {...input} />
    </Field>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

export function TextArea({ id, label, error, hint, className, value, onChange, rows = 4, ...textarea }: TextAreaProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        className="field__input field__textarea"
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...controlProps(id, error, hint)}
        {...textarea}
      />
    </Field>
  );
}

type SelectProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
};

export function SelectInput({ id, label, error, hint, className, value, onChange, options, ...select }: SelectProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <select
        className="field__input field__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...controlProps(id, error, hint)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
