import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/page-header';
import { ErrorState, LoadingState, ReadOnlyNote } from '../../components/states';
import { fieldErrorsOf, unplacedErrors, type FieldErrors } from '../../lib/field-errors';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { useTiers } from '../tiers/tiers.api';
import { BasicsSection, WindowSection } from './basics-section';
import { MarkdownEditor } from './markdown-editor';
import { bodyOf, openingsBodyOf, type OfferingDraft } from './offering-draft';
import { useLocations, type OfferingBody, type StaffOffering } from './offerings.api';
import { ReleaseSection } from './release-section';
import { RulesSection, WinesSection } from './wines-section';

/** Paths the form shows next to a field; any other error of the API is listed at the top. */
const shownByForm = (path: string) =>
  /^(name|slug|campaignType|startDate|endDate|reminderDaysBefore|letterMarkdown|vintageNotesMarkdown|orderMinimumCents|wines|metaData|admissionPerMinute|holdMinutes)$/.test(path) ||
  /^openings\.[0-9a-f-]{36}\.(opensAt|closesAt)$/.test(path) ||
  /^metaData\./.test(path) ||
  /^wines\.\d+\.(priceCents|wineId|defaultMinimum|defaultMaximum|stock\.\d+\.(quantity|locationId))$/.test(path) ||
  /^combinations\.\d+\.(wineId|requiresWineId|quantity)$/.test(path);

/** The tiers' openings as `PUT …/openings` takes them, and the tier each `openings.i` names. */
export interface OpeningsSubmission {
  body: { openings: { tierId: string; opensAt: string; closesAt: string | null }[] };
  order: string[];
}

export interface SubmitButton {
  key: string;
  label: string;
  /** Sent as the body's `status` when creating. */
  status?: 'draft' | 'published';
  primary?: boolean;
}

/**
 * The whole offering on one page, section by section. Nothing typed is lost on an error: the
 * API's field errors (dotted paths) appear next to their fields, the rest at the top.
 */
export function OfferingForm({
  initial,
  keep,
  busy,
  error,
  buttons,
  onSubmit,
  aside,
  startLocked,
  extraErrors,
}: {
  initial: OfferingDraft;
  keep?: Pick<StaffOffering, 'letter' | 'vintageNotes' | 'startDate' | 'endDate'> & { admissionPerMinute: number | null };
  busy: boolean;
  error: unknown;
  buttons: SubmitButton[];
  onSubmit: (body: OfferingBody, button: SubmitButton, openings: OpeningsSubmission) => void;
  aside?: ReactNode;
  /** A published offering that has started keeps its start. */
  startLocked?: boolean;
  /** Field errors of a second write (the tiers' openings), under the form's own paths. */
  extraErrors?: FieldErrors;
}) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const { canWrite } = useStaffRole();
  const locations = useLocations();
  const tiers = useTiers();
  const [draft, setDraft] = useState(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const update = (change: Partial<OfferingDraft>) => setDraft((current) => ({ ...current, ...change }));

  const apiErrors = { ...fieldErrorsOf(error), ...extraErrors };
  const errors = { ...apiErrors, ...localErrors };
  const others = unplacedErrors(apiErrors, shownByForm);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const button = buttons.find((candidate) => candidate.key === submitter?.value) ?? buttons[0];
    if (!button) return;
    const { body, errors: found } = bodyOf(draft, {
      timeZone,
      locationIds: (locations.data ?? []).map((location) => location.id),
      keep,
      messages: { money: t('fields.moneyInvalid'), date: t('fields.dateInvalid') },
    });
    const openings = openingsBodyOf(draft, {
      timeZone,
      tierIds: (tiers.data ?? []).map((tier) => tier.id),
      messages: { date: t('fields.dateInvalid'), opensRequired: t('offerings.release.opensRequired') },
    });
    const all = { ...found, ...openings.errors };
    setLocalErrors(all);
    if (Object.keys(all).length > 0) return;
    onSubmit(button.status ? { ...body, status: button.status } : body, button, { body: openings.body, order: openings.order });
  };

  if (locations.isPending || tiers.isPending) return <LoadingState />;
  if (locations.error) return <ErrorState error={locations.error} onRetry={() => void locations.refetch()} />;
  if (tiers.error) return <ErrorState error={tiers.error} onRetry={() => void tiers.refetch()} />;

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-label={t('offerings.formLabel')}>
      {!canWrite ? <ReadOnlyNote /> : null}
      {aside}
      {Object.keys(errors).length > 0 ? (
        <div className="staff-form__error" role="alert" data-testid="offering-form-errors">
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
        <BasicsSection draft={draft} update={update} errors={errors} />
        <WindowSection draft={draft} update={update} errors={errors} startLocked={startLocked} />
        <Section title={t('offerings.sections.letter')} id="offering-letter">
          {keep && keep.letter.paragraphs.length > 0 && initial.letterMarkdown === '' ? <p className="muted staff-section__hint">{t('offerings.legacyLetter')}</p> : null}
          <MarkdownEditor id="offering-letter-md" label={t('offerings.fields.letter')} previewLabel={t('offerings.previewOf', { name: t('offerings.sections.letter') })} value={draft.letterMarkdown} onChange={(letterMarkdown) => update({ letterMarkdown })} error={errors.letterMarkdown} />
        </Section>
        <Section title={t('offerings.sections.vintageNotes')} id="offering-vintage-notes">
          <MarkdownEditor
            id="offering-notes-md"
            label={t('offerings.fields.vintageNotes')}
            previewLabel={t('offerings.previewOf', { name: t('offerings.sections.vintageNotes') })}
            value={draft.vintageNotesMarkdown}
            onChange={(vintageNotesMarkdown) => update({ vintageNotesMarkdown })}
            error={errors.vintageNotesMarkdown}
          />
        </Section>
        <WinesSection draft={draft} update={update} errors={errors} locations={locations.data ?? []} />
        <RulesSection draft={draft} update={update} errors={errors} />
        <ReleaseSection draft={draft} update={update} errors={errors} tiers={tiers.data ?? []} />
      </fieldset>
      {canWrite ? (
        <div className="staff-form__footer staff-form__footer--sticky">
          {buttons.map((button) => (
            <button
              key={button.key}
              type="submit"
              name="intent"
              value={button.key}
              className={`button ${button.primary ? 'button--primary' : 'button--quiet'}`}
              disabled={busy}
              aria-busy={busy}
            >
              <span className="button__spinner" aria-hidden="true" />
              {button.label}
            </button>
          ))}
        </div>
      ) : null}
    </form>
  );
}
