import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_ORDERS, MEMBER_IMPORT_FIELDS, prefixFromTitle, type DateOrder, type MemberImportResult } from '@winery/domain';
import { DataTable } from '../../components/data-table';
import { Section } from '../../components/page-header';
import { countryRead, stateRead } from './import-countries';
import { DATE_FIELDS, dateRead } from './import-dates';
import { wholeNameParts } from './import-names';

/**
 * Step 2: which of their columns fills each of our fields (the API's guess first), each with what
 * the file's first member has there, so a wrong column or a misread letter shows before the import.
 */
export function ImportMapping({
  header,
  sample,
  mapping,
  dateOrder,
  busy,
  onChange,
  onDates,
  children,
}: {
  header: string[];
  /** The file's first member (its second record), by column. */
  sample: string[];
  mapping: Record<string, string>;
  /** How the dry run read the file's slashed dates; null when it has none (no choice to make). */
  dateOrder: DateOrder | null;
  busy: boolean;
  onChange: (field: string, column: string) => void;
  onDates: (order: DateOrder) => void;
  /** Shown under the columns and the date order: the file's tiers. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const sampleOf = (column: string) => {
    const index = header.indexOf(column);
    return index === -1 ? undefined : (sample[index] ?? '');
  };
  const firstMembers = (field: string) => (mapping[field] ? sampleOf(mapping[field]) : undefined);
  // A state is read within its country: the first member's, as the column chosen for it gives it.
  const country = firstMembers('countryCode');
  /** What a whole name gives: the names their own columns leave out, and a title. */
  const nameRead = (value: string) =>
    wholeNameParts(value, { firstName: firstMembers('firstName'), lastName: firstMembers('lastName'), prefix: firstMembers('prefix') })
      .map((read) => ('value' in read ? t(`members.importFlow.nameParts.${read.part}`, { value: read.value }) : t('members.importFlow.nameParts.noFirstName')))
      .join(', ') || null;
  /** How the import reads a date, a country, a state, a whole name or a title, said beside it when that is not the value itself. */
  const readOf = (field: string, value: string): string | null => {
    if (DATE_FIELDS.includes(field)) return dateRead(value, dateOrder);
    if (field === 'countryCode') return countryRead(value);
    if (field === 'stateCode') return stateRead(value, country);
    if (field === 'fullName') return nameRead(value);
    if (field === 'prefix') return prefixFromTitle(value) ?? t('members.importFlow.noTitle');
    return null;
  };
  return (
    <Section title={t('members.importFlow.mappingTitle')} id="import-mapping">
      <p className="staff-section__hint">{t('members.importFlow.mappingHint')}</p>
      <div className="staff-import-mapping">
        {MEMBER_IMPORT_FIELDS.map((field) => {
          const value = firstMembers(field);
          const read = value ? readOf(field, value) : null;
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
                  {value === ''
                    ? t('members.importFlow.firstMemberEmpty')
                    : read && read !== value
                      ? t('members.importFlow.firstMemberRead', { value, read })
                      : t('members.importFlow.firstMember', { value })}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {dateOrder ? (
        <div className="field staff-field staff-import-mapping__dates">
          <label className="field__label" htmlFor="map-dates">
            {t('members.importFlow.dateOrder')}
          </label>
          <select id="map-dates" className="field__input field__select" value={dateOrder} disabled={busy} aria-describedby="map-dates-hint" onChange={(event) => onDates(event.target.value as DateOrder)}>
            {DATE_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(`members.importFlow.dateOrders.${order}`)}
              </option>
            ))}
          </select>
          <p className="field__hint" id="map-dates-hint">
            {t('members.importFlow.dateOrderHint')}
          </p>
        </div>
      ) : null}
      {children}
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
