import { useTranslation } from 'react-i18next';
import { MEMBER_IMPORT_FIELDS, type MemberImportResult } from '@winery/domain';
import { DataTable } from '../../components/data-table';
import { Section } from '../../components/page-header';

/**
 * Step 2: which of their columns fills each of our fields (the API's guess first), each with what
 * the file's first member has there, so a wrong column or a misread letter shows before the import.
 */
export function ImportMapping({
  header,
  sample,
  mapping,
  busy,
  onChange,
}: {
  header: string[];
  /** The file's first member (its second record), by column. */
  sample: string[];
  mapping: Record<string, string>;
  busy: boolean;
  onChange: (field: string, column: string) => void;
}) {
  const { t } = useTranslation('staff');
  const sampleOf = (column: string) => {
    const index = header.indexOf(column);
    return index === -1 ? undefined : (sample[index] ?? '');
  };
  return (
    <Section title={t('members.importFlow.mappingTitle')} id="import-mapping">
      <p className="staff-section__hint">{t('members.importFlow.mappingHint')}</p>
      <div className="staff-import-mapping">
        {MEMBER_IMPORT_FIELDS.map((field) => {
          const value = mapping[field] ? sampleOf(mapping[field]) : undefined;
          return (
            <div className="field staff-field" key={field}>
              <label className="field__label" htmlFor={`map-${field}`}>
                {t(`members.importFields.${field}`)}
              </label>
              <select
                id={`map-${field}`}
                className="field__input field__select"
                value={mapping[field] ?? ''}
                disabled={busy}
                aria-describedby={value === undefined ? undefined : `map-${field}-sample`}
                onChange={(event) => onChange(field, event.target.value)}
              >
                <option value="">{t('members.importFlow.notInFile')}</option>
                {header.map((column) => (
                  <option key={column} value={column}>
                    {column}
                  </option>
                ))}
              </select>
              {value === undefined ? null : (
                <p className="field__hint staff-import-mapping__sample" id={`map-${field}-sample`}>
                  {value === '' ? t('members.importFlow.firstMemberEmpty') : t('members.importFlow.firstMember', { value })}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </Section>
  );
}

/** Step 3: what the import would do: errors by line, duplicates, how many would go in. */
export function ImportPreview({ result }: { result: MemberImportResult }) {
  const { t } = useTranslation('staff');
  const existing = result.duplicates.filter((duplicate) => duplicate.existing).length;
  return (
    <Section title={t('members.importFlow.previewTitle')} id="import-preview">
      <p data-testid="import-summary" role="status">
        {t('members.importFlow.summary', { count: result.rows, valid: result.valid, errors: result.errors.length, existing })}
      </p>
      {result.errors.length > 0 ? (
        <>
          <h3 className="staff-subheading">{t('members.importFlow.errorsTitle', { count: result.errors.length })}</h3>
          <DataTable
            caption={t('members.importFlow.errorsTitle', { count: result.errors.length })}
            rows={result.errors}
            rowKey={(error, index) => `${error.line}-${error.field}-${index}`}
            columns={[
              { key: 'line', header: t('members.importFlow.line'), numeric: true, cell: (error) => error.line },
              { key: 'field', header: t('members.importFlow.field'), cell: (error) => t(`members.importFields.${error.field}`, { defaultValue: error.field }) },
              { key: 'message', header: t('members.importFlow.problem'), cell: (error) => error.message },
            ]}
          />
        </>
      ) : null}
      {result.duplicates.length > 0 ? (
        <>
          <h3 className="staff-subheading">{t('members.importFlow.duplicatesTitle', { count: result.duplicates.length })}</h3>
          <DataTable
            caption={t('members.importFlow.duplicatesTitle', { count: result.duplicates.length })}
            rows={result.duplicates}
            rowKey={(duplicate, index) => `${duplicate.line}-${index}`}
            columns={[
              { key: 'line', header: t('members.importFlow.line'), numeric: true, cell: (duplicate) => duplicate.line },
              { key: 'email', header: t('members.fields.email'), cell: (duplicate) => duplicate.email },
              {
                key: 'what',
                header: t('members.importFlow.problem'),
                cell: (duplicate) => t(duplicate.existing ? 'members.importFlow.alreadyMember' : 'members.importFlow.twiceInFile'),
              },
            ]}
          />
        </>
      ) : null}
    </Section>
  );
}
