import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { csvSeparator, MEMBER_IMPORT_FIELDS, type CsvSeparator, type DateOrder, type MemberImportResult, type TextFileEncoding } from '@winery/domain';
import { PageHeader, Section } from '../../components/page-header';
import { ReadOnlyNote } from '../../components/states';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { CSV_FILE_TYPES, readTextFile } from '../../lib/read-text-file';
import { toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { csvHeader, csvRecords } from './csv-header';
import { ImportMapping, ImportPreview } from './import-preview';
import { ImportTiers } from './import-tiers';
import { useMemberImport, type ImportRun } from './members.api';

const SEPARATOR_NAMES: Record<CsvSeparator, 'comma' | 'semicolon' | 'tab'> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * The mapping sent once staff change it: every field, with its column or null for none, so the API
 * guesses none then (a column staff set aside stays aside).
 */
const explicit = (mapping: Record<string, string>) => Object.fromEntries(Object.entries(mapping).map(([field, column]) => [field, column || null]));

/**
 * /staff/members/import: choose a CSV file → check the columns (guessed by the API) → the dry run's
 * errors by line and duplicates → "Import N members", optionally inviting each → the result.
 * All or nothing: a file with errors imports nobody; fix it and choose it again.
 */
export function ImportPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  const [progress, setProgress] = useState(0);
  const run = useMemberImport(setProgress);
  const [file, setFile] = useState<{ name: string; csv: string; header: string[]; sample: string[]; encoding: TextFileEncoding; separator: CsvSeparator } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const [preview, setPreview] = useState<MemberImportResult | null>(null);
  const [done, setDone] = useState<MemberImportResult | null>(null);
  const [sendInvitations, setSendInvitations] = useState(false);
  const [dates, setDates] = useState<DateOrder | undefined>(undefined);
  const [tierChoices, setTierChoices] = useState<Record<string, string>>({});

  const dryRun = (csv: string, nextMapping: ImportRun['mapping'], nextDates = dates, nextTiers = tierChoices) =>
    run.mutate(
      { csv, dryRun: true, sendInvitations: false, mapping: nextMapping, dates: nextDates, tiers: nextTiers },
      {
        onSuccess: (result) => {
          setPreview(result);
          setMapping(Object.fromEntries(MEMBER_IMPORT_FIELDS.map((field) => [field, result.columns[field] ?? ''])));
        },
      },
    );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    // Sent as UTF-8 whatever it was saved as; the API reads the columns as the header does.
    const { text: csv, encoding } = await readTextFile(chosen);
    const [, sample = []] = csvRecords(csv, 2);
    setFile({ name: chosen.name, csv, header: csvHeader(csv), sample, encoding, separator: csvSeparator(csv) });
    setPreview(null);
    setDone(null);
    setTouched(false);
    setMapping({});
    setDates(undefined);
    setTierChoices({});
    dryRun(csv, {}, undefined, {});
  };

  const onTier = (value: string, tierId: string) => {
    const next = { ...tierChoices, [value]: tierId };
    setTierChoices(next);
    if (file) dryRun(file.csv, touched ? explicit(mapping) : {}, dates, next);
  };

  const onDates = (next: DateOrder) => {
    setDates(next);
    if (file) dryRun(file.csv, touched ? explicit(mapping) : {}, next);
  };

  const onMap = (field: string, column: string) => {
    const next = { ...mapping, [field]: column };
    setMapping(next);
    setTouched(true);
    if (file) dryRun(file.csv, explicit(next));
  };

  const existing = preview ? preview.duplicates.filter((duplicate) => duplicate.existing).length : 0;
  const toImport = preview ? preview.valid - existing : 0;
  const canImport = preview !== null && preview.errors.length === 0 && toImport > 0;
  const importAll = () =>
    file &&
    run.mutate(
      { csv: file.csv, dryRun: false, sendInvitations, mapping: touched ? explicit(mapping) : {}, dates, tiers: tierChoices },
      {
        onSuccess: (result) => {
          setDone(result);
          toastSaved(t('members.importFlow.done', { count: result.imported }));
        },
      },
    );
  const failure = run.error ? errorMessage(run.error, t('members.importFlow.failed')) : null;
  const refused = run.error && isApiError(run.error) && run.error.status === 400 ? run.error.errors : [];

  return (
    <>
      <PageHeader title={t('members.importFlow.title')} eyebrow={<Link to="/staff/members">{t('members.title')}</Link>} lede={t('members.importFlow.lede')} />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      <Section title={t('members.importFlow.fileTitle')} id="import-file">
        <div className="field staff-field">
          <label className="field__label" htmlFor="import-file-input">
            {t('members.importFlow.chooseFile')}
          </label>
          <input id="import-file-input" type="file" accept={CSV_FILE_TYPES} className="field__input" disabled={!canWrite || run.isPending} onChange={(event) => void onFile(event)} aria-describedby="import-file-hint" />
          <p className="field__hint" id="import-file-hint">
            {file
              ? `${t('members.importFlow.fileChosen', { name: file.name, columns: file.header.length })} ${t('members.importFlow.fileRead', {
                  encoding: t(`members.importFlow.encodings.${file.encoding}`),
                  separator: t(`members.importFlow.separators.${SEPARATOR_NAMES[file.separator]}`),
                })}`
              : t('members.importFlow.fileHint')}
          </p>
        </div>
        {run.isPending ? (
          <progress className="staff-progress" max={1} value={progress} aria-label={t('members.importFlow.uploading')} />
        ) : null}
        {failure ? (
          <div className="staff-form__error" role="alert">
            {failure}
            {refused.length > 0 ? (
              <ul>
                {refused.slice(0, 20).map((error, index) => (
                  <li key={index}>{error.field ? `${error.field}: ${error.message}` : error.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </Section>
      {file && preview && !done ? (
        <>
          <ImportMapping header={file.header} sample={file.sample} mapping={mapping} dateOrder={preview.dateOrder} busy={run.isPending} onChange={onMap} onDates={onDates}>
            <ImportTiers tiers={preview.tiers} busy={run.isPending} onChoose={onTier} />
          </ImportMapping>
          <ImportPreview result={preview} />
          <Section title={t('members.importFlow.importTitle')} id="import-run">
            {preview.errors.length > 0 ? <p className="staff-form__error">{t('members.importFlow.fixFirst')}</p> : null}
            <label className="staff-checkbox">
              <input type="checkbox" className="staff-check" checked={sendInvitations} onChange={(event) => setSendInvitations(event.target.checked)} />
              {t('members.importFlow.sendInvitations')}
            </label>
            <div className="staff-form__footer">
              <button type="button" className="button button--primary" disabled={!canImport || run.isPending} aria-busy={run.isPending} onClick={importAll}>
                <span className="button__spinner" aria-hidden="true" />
                {t('members.importFlow.importN', { count: toImport })}
              </button>
            </div>
          </Section>
        </>
      ) : null}
      {done ? (
        <Section title={t('members.importFlow.resultTitle')} id="import-result">
          <p role="status" data-testid="import-result">
            {t('members.importFlow.result', { count: done.imported })} {done.invited > 0 ? t('members.importFlow.resultInvited', { count: done.invited }) : null}
          </p>
          <p>
            <Link to="/staff/members">{t('members.importFlow.seeMembers')}</Link>
          </p>
        </Section>
      ) : null}
    </>
  );
}
