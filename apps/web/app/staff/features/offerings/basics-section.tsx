import { useTranslation } from 'react-i18next';
import { CAMPAIGN_KINDS } from '@winery/domain';
import { Section } from '../../components/page-header';
import { SelectInput, TextInput } from '../../components/fields';
import { DateTimeInput } from '../../components/date-time-input';
import type { FieldErrors } from '../../lib/field-errors';
import type { OfferingDraft } from './offering-draft';

type Update = (change: Partial<OfferingDraft>) => void;

export function BasicsSection({ draft, update, errors }: { draft: OfferingDraft; update: Update; errors: FieldErrors }) {
  const { t } = useTranslation('staff');
  const setMeta = (index: number, change: Partial<{ key: string; value: string }>) =>
    update({ meta: draft.meta.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  return (
    <Section title={t('offerings.sections.basics')} id="offering-basics">
      <div className="staff-grid">
        <TextInput id="offering-name" className="staff-grid__wide" label={t('offerings.fields.name')} value={draft.name} onChange={(name) => update({ name })} error={errors.name} />
        <TextInput
          id="offering-slug"
          label={t('offerings.fields.slug')}
          value={draft.slug}
          onChange={(slug) => update({ slug })}
          error={errors.slug}
          hint={t('offerings.slugHint')}
        />
        <SelectInput
          id="offering-campaign"
          label={t('offerings.fields.campaignType')}
          value={draft.campaignType}
          onChange={(value) => update({ campaignType: value as OfferingDraft['campaignType'] })}
          error={errors.campaignType}
          options={CAMPAIGN_KINDS.map((kind) => ({ value: kind, label: t(`offerings.campaignTypes.${kind}`) }))}
        />
      </div>
      <h3 className="staff-subheading">{t('offerings.fields.metaData')}</h3>
      <div className="staff-row-list">
        {draft.meta.map((row, index) => (
          <div className="staff-row" key={index}>
            <TextInput id={`offering-meta-${index}-key`} label={t('offerings.metaKey')} value={row.key} onChange={(key) => setMeta(index, { key })} />
            <TextInput
              id={`offering-meta-${index}-value`}
              label={t('offerings.metaValue')}
              value={row.value}
              onChange={(value) => setMeta(index, { value })}
              error={errors[`metaData.${row.key.trim()}`]}
            />
            <button type="button" className="button button--small button--quiet" onClick={() => update({ meta: draft.meta.filter((_, i) => i !== index) })}>
              {t('actions.remove')}
              <span className="visually-hidden"> {row.key}</span>
            </button>
          </div>
        ))}
      </div>
      {errors.metaData ? <p className="field__error">{errors.metaData}</p> : null}
      <button type="button" className="button button--small button--quiet" onClick={() => update({ meta: [...draft.meta, { key: '', value: '' }] })}>
        {t('offerings.addMeta')}
      </button>
    </Section>
  );
}

export function WindowSection({ draft, update, errors, startLocked = false }: { draft: OfferingDraft; update: Update; errors: FieldErrors; startLocked?: boolean }) {
  const { t } = useTranslation('staff');
  return (
    <Section title={t('offerings.sections.window')} id="offering-window">
      <div className="staff-grid staff-grid--dates">
        <DateTimeInput
          id="offering-start"
          label={t('offerings.fields.start')}
          value={draft.start}
          onChange={(start) => update({ start })}
          error={errors.startDate}
          disabled={startLocked}
          note={startLocked ? t('offerings.startLocked') : undefined}
        />
        <DateTimeInput id="offering-end" label={t('offerings.fields.end')} value={draft.end} onChange={(end) => update({ end })} error={errors.endDate} />
        <TextInput
          id="offering-reminder"
          label={t('offerings.fields.reminderDaysBefore')}
          inputMode="numeric"
          value={draft.reminderDaysBefore}
          onChange={(reminderDaysBefore) => update({ reminderDaysBefore })}
          error={errors.reminderDaysBefore}
          hint={t('offerings.reminderHint')}
        />
      </div>
    </Section>
  );
}
