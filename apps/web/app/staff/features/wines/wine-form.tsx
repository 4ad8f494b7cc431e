import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/money-input';
import { TextArea, TextInput } from '../../components/fields';
import { ReadOnlyNote } from '../../components/states';
import { fieldErrorsOf, unplacedErrors, type FieldErrors } from '../../lib/field-errors';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { numberOrText, textOf } from '../../lib/form-values';
import { useStaffRole } from '../../session/staff-session.api';
import type { StaffWine, WineBody } from './wines.api';

const FIELDS = ['name', 'vintage', 'sizeMl', 'priceCents', 'description', 'tastingNotes'] as const;

/** Name, vintage, size, price, description and tasting notes of one wine; what was typed stays on an error. */
export function WineForm({
  wine,
  busy,
  error,
  submitLabel,
  onSubmit,
}: {
  wine?: StaffWine;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (body: WineBody) => void;
}) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const [name, setName] = useState(wine?.name ?? '');
  const [vintage, setVintage] = useState(textOf(wine?.vintage));
  const [sizeMl, setSizeMl] = useState(textOf(wine?.sizeMl ?? 750));
  const [price, setPrice] = useState(centsToDollars(wine?.priceCents));
  const [description, setDescription] = useState(wine?.description ?? '');
  const [tastingNotes, setTastingNotes] = useState(wine?.tastingNotes ?? '');
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});

  const errors = { ...fieldErrorsOf(error), ...localErrors };
  const others = unplacedErrors(fieldErrorsOf(error), (path) => (FIELDS as readonly string[]).includes(path));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceCents = price.trim() === '' ? null : dollarsToCents(price);
    if (price.trim() !== '' && priceCents === null) {
      setLocalErrors({ priceCents: t('fields.moneyInvalid') });
      return;
    }
    setLocalErrors({});
    onSubmit({ name, vintage: numberOrText(vintage), sizeMl: numberOrText(sizeMl), priceCents, description, tastingNotes });
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-label={t('wines.formLabel')}>
      {!canWrite ? <ReadOnlyNote /> : null}
      {Object.keys(errors).length > 0 ? (
        <div className="staff-form__error" role="alert">
          {t('states.fixErrors')}
          {others.length > 0 ? (
            <ul>
              {others.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <fieldset disabled={!canWrite}>
        <div className="staff-grid">
          <TextInput id="wine-name" className="staff-grid__wide" label={t('wines.fields.name')} value={name} onChange={setName} error={errors.name} />
          <TextInput id="wine-vintage" label={t('wines.fields.vintage')} inputMode="numeric" value={vintage} onChange={setVintage} error={errors.vintage} />
          <TextInput id="wine-size" label={t('wines.fields.sizeMl')} inputMode="numeric" value={sizeMl} onChange={setSizeMl} error={errors.sizeMl} />
          <MoneyInput id="wine-price" label={t('wines.fields.price')} value={price} onChange={setPrice} error={errors.priceCents} hint={t('wines.priceHint')} />
          <TextArea id="wine-description" className="staff-grid__wide" label={t('wines.fields.description')} value={description} onChange={setDescription} error={errors.description} />
          <TextArea id="wine-tasting-notes" className="staff-grid__wide" label={t('wines.fields.tastingNotes')} value={tastingNotes} onChange={setTastingNotes} error={errors.tastingNotes} />
        </div>
      </fieldset>
      {canWrite ? (
        <div className="staff-form__footer">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            <span className="button__spinner" aria-hidden="true" />
            {submitLabel}
          </button>
        </div>
      ) : null}
    </form>
  );
}
