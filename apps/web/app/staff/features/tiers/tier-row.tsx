import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-error';
import { fieldErrorsOf } from '../../lib/field-errors';
import { numberOrText } from '../../lib/form-values';
import { toastSaved } from '../../lib/toasts';
import { useUpdateTier, type Tier } from './tiers.api';

/** One tier's name and rank as fields, saved together; the API's errors under each. */
export function TierRow({ tier, canWrite, onDelete }: { tier: Tier; canWrite: boolean; onDelete: (tier: Tier) => void }) {
  const { t } = useTranslation('staff');
  const update = useUpdateTier();
  const [name, setName] = useState(tier.name);
  const [rank, setRank] = useState(String(tier.rank));
  const errors = fieldErrorsOf(update.error);
  const other = update.error && Object.keys(errors).length === 0;
  const changed = name !== tier.name || rank !== String(tier.rank);
  const id = `tier-${tier.id}`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: tier.id, name, rank: numberOrText(rank) }, { onSuccess: (saved) => toastSaved(t('tiers.saved', { name: saved.name })) });
  };

  if (!canWrite) {
    return (
      <li className="staff-tier">
        <span className="staff-tier__rank">{tier.rank}</span>
        <span className="staff-tier__name">{tier.name}</span>
      </li>
    );
  }
  return (
    <li className="staff-tier">
      <form className="staff-tier__form" onSubmit={save} noValidate aria-label={t('tiers.rowLabel', { name: tier.name })}>
        <div className={`field staff-field staff-tier__rank-field${errors.rank ? ' field--invalid' : ''}`}>
          <label className="visually-hidden" htmlFor={`${id}-rank`}>
            {t('tiers.rankOf', { name: tier.name })}
          </label>
          <input id={`${id}-rank`} className="field__input" inputMode="numeric" value={rank} onChange={(event) => setRank(event.target.value)} aria-invalid={errors.rank ? true : undefined} aria-describedby={errors.rank ? `${id}-rank-error` : undefined} />
          {errors.rank ? (
            <p className="field__error" id={`${id}-rank-error`}>
              {errors.rank}
            </p>
          ) : null}
        </div>
        <div className={`field staff-field staff-tier__name-field${errors.name ? ' field--invalid' : ''}`}>
          <label className="visually-hidden" htmlFor={`${id}-name`}>
            {t('tiers.nameOf', { name: tier.name })}
          </label>
          <input id={`${id}-name`} className="field__input" value={name} onChange={(event) => setName(event.target.value)} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `${id}-name-error` : undefined} />
          {errors.name ? (
            <p className="field__error" id={`${id}-name-error`}>
              {errors.name}
            </p>
          ) : null}
        </div>
        <div className="staff-actions">
          <button type="submit" className="button button--small button--primary" disabled={!changed || update.isPending} aria-busy={update.isPending}>
            {t('actions.save')}
            <span className="visually-hidden"> {tier.name}</span>
          </button>
          <button type="button" className="button button--small button--quiet staff-danger" onClick={() => onDelete(tier)}>
            {t('tiers.delete')}
            <span className="visually-hidden"> {tier.name}</span>
          </button>
        </div>
        {other ? (
          <p className="field__error staff-tier__error" role="alert">
            {errorMessage(update.error, t('states.saveFailed'))}
          </p>
        ) : null}
      </form>
    </li>
  );
}
