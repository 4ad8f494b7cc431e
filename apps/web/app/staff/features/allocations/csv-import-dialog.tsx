import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { wineTitle } from '../../../lib/wine-format';
import { DataTable } from '../../components/data-table';
import type { StaffOffering } from '../offerings/offerings.api';
import { CSV_FILE_TYPES, readTextFile } from '../../lib/read-text-file';
import { toastSaved } from '../../lib/toasts';
import { useImportCsv, type AllocationImportResult } from './allocations.api';
import { WorkDialog } from './work-dialog';

type Problem = AllocationImportResult['errors'][number];

/** The import's refusal (400) names each problem as field "line N.column": back to rows. */
function problemsOf(error: unknown): Problem[] {
  if (!isApiError(error)) return [];
  return error.errors.flatMap(({ field, message }) => {
    const match = /^line (\d+)\.(.*)$/.exec(field ?? '');
    return match ? [{ line: Number(match[1]), field: match[2] ?? '', message }] : [];
  });
}

/**
 * CSV import: choose a file, read the dry run's preview and its errors by line, then "Import N
 * rows" writes every row or, if anything is wrong, none.
 */
export function CsvImportDialog({ open, onClose, offering }: { open: boolean; onClose: () => void; offering: StaffOffering }) {
  const { t } = useTranslation('staff');
  const inputId = useId();
  const importer = useImportCsv(offering.id);
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<AllocationImportResult | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failure, setFailure] = useState('');

  const close = () => {
    setCsv('');
    setResult(null);
    setProblems([]);
    setFailure('');
    onClose();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setResult(null);
    setProblems([]);
    setFailure('');
    if (!file) return;
    const { text } = await readTextFile(file);
    setCsv(text);
    importer.mutate(
      { csv: text, dryRun: true },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setProblems(answer.errors);
        },
        onError: (error) => setFailure(errorMessage(error, t('allocations.import.failed'))),
      },
    );
  };

  const confirm = () =>
    importer.mutate(
      { csv, dryRun: false },
      {
        onSuccess: (answer) => {
          toastSaved(t('allocations.import.done', { count: answer.valid }));
          close();
        },
        onError: (error) => {
          setProblems(problemsOf(error));
          setFailure(errorMessage(error, t('allocations.import.failed')));
        },
      },
    );

  const ready = result !== null && problems.length === 0 && result.valid > 0;

  return (
    <WorkDialog
      open={open}
      wide
      title={t('allocations.import.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--quiet" onClick={close}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={confirm} disabled={!ready || importer.isPending} aria-busy={importer.isPending}>
            <span className="button__spinner" aria-hidden="true" />
            {t('allocations.import.submit', { count: result?.valid ?? 0 })}
          </button>
        </>
      }
    >
      <p className="field__hint">{t('allocations.import.hint')}</p>
      <div className="field staff-field">
        <label className="field__label" htmlFor={inputId}>
          {t('allocations.import.file')}
        </label>
        <input id={inputId} type="file" accept={CSV_FILE_TYPES} className="csv-file" onChange={(event) => void onFile(event)} />
      </div>
      <div aria-live="polite">
        {importer.isPending && !result ? <p role="status">{t('allocations.import.checking')}</p> : null}
        {result ? (
          <p className={problems.length > 0 ? 'csv-summary csv-summary--bad' : 'csv-summary'}>
            {problems.length > 0 ? t('allocations.import.summaryErrors', { rows: result.rows, count: problems.length }) : t('allocations.import.summaryOk', { rows: result.rows, valid: result.valid })}
          </p>
        ) : null}
        {failure ? (
          <p className="field__error" role="alert">
            {failure}
          </p>
        ) : null}
      </div>
      {problems.length > 0 ? (
        <DataTable
          caption={t('allocations.import.errorsCaption')}
          captionHidden={false}
          rows={problems}
          rowKey={(problem, index) => `${problem.line}-${problem.field}-${index}`}
          columns={[
            { key: 'line', header: t('allocations.import.line'), numeric: true, cell: (problem) => problem.line },
            { key: 'field', header: t('allocations.import.column'), cell: (problem) => problem.field },
            { key: 'message', header: t('allocations.import.problem'), cell: (problem) => problem.message },
          ]}
        />
      ) : null}
      {result && result.preview.length > 0 ? (
        <DataTable
          caption={t('allocations.import.previewCaption', { count: result.preview.length })}
          captionHidden={false}
          rows={result.preview}
          rowKey={(row) => String(row.line)}
          columns={[
            { key: 'line', header: t('allocations.import.line'), numeric: true, cell: (row) => row.line },
            { key: 'email', header: t('allocations.import.email'), cell: (row) => row.email },
            ...offering.wines.map((wine) => ({
              key: wine.offeringWineId,
              header: wineTitle(wine),
              numeric: true,
              cell: (row: AllocationImportResult['preview'][number]) => {
                const line = row.lines.find((each) => each.wineId === wine.wineId);
                return line ? t('allocations.range', { min: line.minimum, max: line.maximum }) : <span aria-label={t('allocations.notOffered')}>–</span>;
              },
            })),
          ]}
        />
      ) : null}
    </WorkDialog>
  );
}
