import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { Section } from '../../components/page-header';
import { CSV_FILE_TYPES, readTextFile } from '../../lib/read-text-file';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { staffUpload } from '../../session/staff-api';

type Outcome = { kind: 'imported'; count: number } | { kind: 'refused'; errors: { field: string; message: string }[] };

/** A CSV of bottles: sent with a progress bar, then how many went in, or every bad line (nothing imported). */
export function BottleImport() {
  const { t } = useTranslation('staff');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setOutcome(null);
    setProgress(0);
    try {
      const { text: csv } = await readTextFile(file);
      const result = await staffUpload<{ imported: number }>('/bottles/import', JSON.stringify({ csv }), { onProgress: setProgress });
      setOutcome({ kind: 'imported', count: result.imported });
      toastSaved(t('bottles.imported', { count: result.imported }));
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.errors.length > 0) {
        setOutcome({ kind: 'refused', errors: error.errors });
      } else {
        toastFailed(error, t('bottles.importFailed'));
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <Section title={t('bottles.import.title')} id="bottles-import">
      <p className="muted staff-section__hint">{t('bottles.import.hint')}</p>
      <form className="staff-toolbar" onSubmit={(event) => void submit(event)}>
        <div className="field staff-field">
          <label className="field__label" htmlFor="bottles-file">
            {t('bottles.import.file')}
          </label>
          <input id="bottles-file" className="field__input" type="file" accept={CSV_FILE_TYPES} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </div>
        <button type="submit" className="button button--primary" disabled={!file || progress !== null} aria-busy={progress !== null}>
          <span className="button__spinner" aria-hidden="true" />
          {t('bottles.import.submit')}
        </button>
      </form>
      {progress !== null ? (
        <div className="staff-progress">
          <label htmlFor="bottles-progress">{t('bottles.import.uploading')}</label>
          <progress id="bottles-progress" max={1} value={progress} />
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {outcome?.kind === 'imported' ? <p className="staff-result staff-result--ok">{t('bottles.imported', { count: outcome.count })}</p> : null}
      </div>
      {outcome?.kind === 'refused' ? (
        <div className="staff-form__error" role="alert" data-testid="bottle-import-errors">
          {t('bottles.import.refused', { count: outcome.errors.length })}
          <ul>
            {outcome.errors.map((error, index) => (
              <li key={index}>
                {error.field ? <strong>{error.field}: </strong> : null}
                {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}
