import { useTranslation } from 'react-i18next';
import type { MemberImportResult } from '@winery/domain';
import { useTiers } from '../tiers/tiers.api';

/** A tier of the file not yet given one of ours: the select shows this until staff choose. */
const UNCHOSEN = '__unchosen';

/**
 * Under the columns, when the file names tiers: each of its tiers with how many lines name it and
 * the tier those members go into. Ours of the same name are chosen already; any other is an error
 * of its lines until staff choose one of ours, or no tier.
 */
export function ImportTiers({ tiers, busy, onChoose }: { tiers: MemberImportResult['tiers']; busy: boolean; onChoose: (value: string, tierId: string) => void }) {
  const { t } = useTranslation('staff');
  const ours = useTiers();
  if (tiers.length === 0) return null;
  return (
    <fieldset className="staff-import-tiers">
      <legend className="staff-subheading">{t('members.importFlow.tiersTitle')}</legend>
      <p className="staff-section__hint">{t('members.importFlow.tiersHint')}</p>
      <div className="staff-import-mapping">
        {tiers.map((tier, index) => {
          const id = `map-tier-${index}`;
          return (
            <div className="field staff-field" key={tier.value}>
              <label className="field__label" htmlFor={id}>
                {t('members.importFlow.tierInFile', { value: tier.value, count: tier.rows })}
              </label>
              <select
                id={id}
                className="field__input field__select"
                value={tier.unknown ? UNCHOSEN : (tier.tierId ?? '')}
                disabled={busy}
                aria-invalid={tier.unknown || undefined}
                aria-describedby={tier.unknown ? `${id}-error` : undefined}
                onChange={(event) => onChoose(tier.value, event.target.value)}
              >
                {tier.unknown ? (
                  <option value={UNCHOSEN} disabled>
                    {t('members.importFlow.chooseTier')}
                  </option>
                ) : null}
                <option value="">{t('members.importFlow.noTier')}</option>
                {(ours.data ?? []).map((our) => (
                  <option key={our.id} value={our.id}>
                    {our.name}
                  </option>
                ))}
              </select>
              {tier.unknown ? (
                <p className="field__error" id={`${id}-error`}>
                  {t('members.importFlow.tierUnknown')}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
