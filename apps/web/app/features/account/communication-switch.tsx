import type { ChangeEvent } from 'react';

interface CommunicationSwitchProps {
  id: string;
  label: string;
  /** What this kind of e-mail is; read with the switch (aria-describedby). */
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * One kind of e-mail, on or off: a native checkbox with the switch role, so Space turns it, the
 * label and its sentence are read with it, and it works with any assistive technology that knows
 * checkboxes. The track beside it is drawn for sighted members; the words On/Off are not needed
 * because the state is announced and shown by the knob's place and colour together.
 */
export function CommunicationSwitch({ id, label, description, checked, disabled, onChange }: CommunicationSwitchProps) {
  return (
    <div className="mail-switch" data-testid={`switch-${id}`}>
      <div className="mail-switch__text">
        <label htmlFor={id} className="mail-switch__label">
          {label}
        </label>
        <p id={`${id}-description`} className="mail-switch__description">
          {description}
        </p>
      </div>
      <span className="mail-switch__control">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="mail-switch__input"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-description`}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        />
        <span className="mail-switch__track" aria-hidden="true">
          <span className="mail-switch__knob" />
        </span>
      </span>
    </div>
  );
}
