import { useTranslation } from 'react-i18next';
import type { Tier } from '@winery/domain';
import { Section } from '../../components/page-header';
import { TextInput } from '../../components/fields';
import { DateTimeInput } from '../../components/date-time-input';
import type { FieldErrors } from '../../lib/field-errors';
import { openingPath, type OfferingDraft, type OpeningRow } from './offering-draft';

type Update = (change: Partial<OfferingDraft>) => void;

/**
 * The offering's release (issue 17): each tier's own opening and optional close on the winery's
 * clock, the waiting room's admission rate and the hold time. Saved with the offering.
 */
export function ReleaseSection({ draft, update, errors, tiers }: { draft: OfferingDraft; update: Update; errors: FieldErrors; tiers: readonly Tier[] }) {
  const { t } = useTranslation('staff');
  const setOpening = (tierId: string, change: Partial<OpeningRow>) =>
    update({ openings: { ...draft.openings, [tierId]: { opens: '', closes: '', ...draft.openings[tierId], ...change } } });
  return (
    <Section title={t('offerings.release.section')} id="offering-release">
      <p className="muted staff-section__hint">{t('offerings.release.intro')}</p>
      {tiers.length === 0 ? <p className="muted">{t('offerings.release.noTiers')}</p> : null}
      <div className="release-tiers">
        {tiers.map((tier) => {
          const row = draft.openings[tier.id] ?? { opens: '', closes: '' };
          return (
            <div className="release-tier" key={tier.id} role="group" aria-labelledby={`release-tier-${tier.id}`} data-testid="release-tier">
              <h3 className="staff-subheading release-tier__name" id={`release-tier-${tier.id}`}>
                {tier.name}
              </h3>
              <div className="staff-grid staff-grid--release">
                <DateTimeInput
                  id={`release-${tier.id}-opens`}
                  label={t('offerings.release.opens', { tier: tier.name })}
                  value={row.opens}
                  onChange={(opens) => setOpening(tier.id, { opens })}
                  error={errors[openingPath(tier.id, 'opensAt')]}
                />
                <DateTimeInput
                  id={`release-${tier.id}-closes`}
                  label={t('offerings.release.closes', { tier: tier.name })}
                  value={row.closes}
                  onChange={(closes) => setOpening(tier.id, { closes })}
                  error={errors[openingPath(tier.id, 'closesAt')]}
                />
              </div>
            </div>
          );
        })}
      </div>
      <div className="staff-grid staff-grid--release">
        <TextInput
          id="offering-admission"
          label={t('offerings.release.admissionPerMinute')}
          inputMode="numeric"
          value={draft.admissionPerMinute}
          onChange={(admissionPerMinute) => update({ admissionPerMinute })}
          error={errors.admissionPerMinute}
          hint={t('offerings.release.admissionHint')}
        />
        <TextInput
          id="offering-hold"
          label={t('offerings.release.holdMinutes')}
          inputMode="numeric"
          value={draft.holdMinutes}
          onChange={(holdMinutes) => update({ holdMinutes })}
          error={errors.holdMinutes}
          hint={t('offerings.release.holdHint')}
        />
      </div>
    </Section>
  );
}
