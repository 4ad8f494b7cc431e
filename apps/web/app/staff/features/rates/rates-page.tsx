import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RateTablesView } from '@winery/domain';
import { EditableTable } from '../../components/editable-table';
import { PageHeader, Section } from '../../components/page-header';
import { ErrorState, LoadingState, ReadOnlyNote } from '../../components/states';
import { fieldErrorsOf, unplacedErrors, type FieldErrors } from '../../lib/field-errors';
import { toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { bodyOfRates, columnsOf, newRows, rowsOf, TABLES, type RateRows } from './rate-tables';
import { useRates, useSaveRates } from './rates.api';

/** /staff/rates: tax, shipping, where wine cannot go, and shipping notices, saved together. */
export function RatesPage() {
  const { t } = useTranslation('staff');
  const rates = useRates();
  return (
    <>
      <PageHeader title={t('pages.rates.title')} lede={t('rates.lede')} />
      {rates.isPending ? <LoadingState /> : null}
      {rates.error ? <ErrorState error={rates.error} onRetry={() => void rates.refetch()} /> : null}
      {rates.data ? <RatesForm view={rates.data} /> : null}
    </>
  );
}

function RatesForm({ view }: { view: RateTablesView }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const save = useSaveRates();
  const [rows, setRows] = useState<RateRows>(() => rowsOf(view));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const columns = columnsOf(t);
  const apiErrors = fieldErrorsOf(save.error);
  const errors = { ...apiErrors, ...localErrors };
  const others = unplacedErrors(apiErrors, (path) => TABLES.some((table) => path === table || path.startsWith(`${table}.`)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = bodyOfRates(rows, { money: t('fields.moneyInvalid'), percent: t('rates.percentInvalid') });
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, { onSuccess: () => toastSaved(t('rates.saved')) });
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-label={t('pages.rates.title')}>
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
      {TABLES.map((table) => (
        <Section key={table} title={t(`rates.tables.${table}.title`)} id={`rates-${table}`}>
          <p className="muted staff-section__hint">{t(`rates.tables.${table}.hint`)}</p>
          <EditableTable
            id={`rates-${table}`}
            caption={t(`rates.tables.${table}.title`)}
            path={table}
            columns={columns[table]}
            rows={rows[table]}
            errors={errors}
            disabled={!canWrite}
            newRow={newRows[table]}
            onChange={(next) => setRows((current) => ({ ...current, [table]: next }))}
          />
        </Section>
      ))}
      {canWrite ? (
        <div className="staff-form__footer staff-form__footer--sticky">
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
            <span className="button__spinner" aria-hidden="true" />
            {t('rates.saveAll')}
          </button>
        </div>
      ) : null}
    </form>
  );
}
