import type { ReactNode } from 'react';

interface ChoiceProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  describedBy?: string;
  /** An option shown but not to be chosen (an address the winery cannot ship to); say why in `describedBy`. */
  disabled?: boolean;
  testId?: string;
}

/** One option of a radio group drawn as a card: the whole card is the label, the radio stays native. */
export function Choice({ name, value, checked, onChange, children, describedBy, disabled = false, testId }: ChoiceProps) {
  return (
    <label className={`choice${checked ? ' choice--checked' : ''}${disabled ? ' choice--disabled' : ''}`} data-testid={testId}>
      <input
        type="radio"
        className="choice__input"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-describedby={describedBy}
      />
      <span className="choice__body">{children}</span>
    </label>
  );
}

/** A radio group with its question (legend) and, when the member must act, the message under it. */
export function ChoiceGroup({ legend, error, errorId, children, className }: {
  legend: ReactNode;
  error?: string | null;
  errorId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`choice-group${error ? ' choice-group--invalid' : ''}${className ? ` ${className}` : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend className="choice-group__legend">{legend}</legend>
      <div className="choice-group__options">{children}</div>
      {error ? (
        <p id={errorId} className="field__error" role="alert" data-testid="step-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
