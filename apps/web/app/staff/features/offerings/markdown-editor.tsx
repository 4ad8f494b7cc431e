import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlProps, Field } from '../../components/fields';
import { previewMarkdown } from './offerings.api';

export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * Markdown on the left, what members will read on the right: the API's own renderer (sanitised
 * HTML), asked 300 ms after the last key.
 */
export function MarkdownEditor({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
  previewLabel,
}: {
  id: string;
  label: string;
  /** Names the preview region; each editor's must differ. */
  previewLabel: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('staff');
  const [html, setHtml] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (value.trim() === '') {
      setHtml('');
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      previewMarkdown(value, controller.signal)
        .then((answer) => {
          setHtml(answer.html);
          setFailed(false);
        })
        .catch((cause: unknown) => {
          if (!(cause instanceof DOMException && cause.name === 'AbortError')) setFailed(true);
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const hint = t('offerings.markdownHint');
  return (
    <div className="staff-markdown">
      <Field id={id} label={label} error={error} hint={hint}>
        <textarea
          className="field__input field__textarea staff-markdown__source"
          rows={14}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          {...controlProps(id, error, hint)}
        />
      </Field>
      <div className="field staff-field">
        <p className="field__label" id={`${id}-preview-label`}>
          {previewLabel}
        </p>
        <div className="staff-markdown__preview" role="region" aria-labelledby={`${id}-preview-label`} data-testid={`${id}-preview`}>
          {failed ? (
            <p className="muted">{t('offerings.previewFailed')}</p>
          ) : html ? (
            // The API's renderer sanitises to an allow-list (p, h2–h4, lists, links, …): the same HTML members get.
            <div dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p className="muted">{t('offerings.previewEmpty')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
