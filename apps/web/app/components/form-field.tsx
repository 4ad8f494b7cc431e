import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Already translated message, shown next to the field. */
  error?: string;
  hint?: ReactNode;
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** The hint and the error under a field; the error is what aria-describedby names first. */
function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
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
    </>
  );
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({ id, label, registration, error, hint, className, ...input }: TextFieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
        {...registration}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line text, announced like TextField. */
export function TextAreaField({ id, label, registration, error, hint, className, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
        {...registration}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** A labelled native select: the platform's own picker is the most usable one on a phone. */
export function SelectField({ id, label, registration, error, hint, className, children, ...select }: SelectFieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
        {...registration}
      >
        {children}
      </select>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
}

export function CheckboxField({ id, label, registration, className, ...input }: CheckboxFieldProps) {
  return (
    <div className={`checkbox-field${className ? ` ${className}` : ''}`}>
      <input id={id} type="checkbox" className="checkbox-field__input" {...input} {...registration} />
      <label htmlFor={id} className="checkbox-field__label">
        {label}
      </label>
    </div>
  );
}
