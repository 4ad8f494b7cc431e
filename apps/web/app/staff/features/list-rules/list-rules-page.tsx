import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, Section } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, ReadOnlyNote } from '../../components/states';
import { fieldErrorsOf } from '../../lib/field-errors';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { MarkdownEditor } from '../offerings/markdown-editor';
import { hasUnsavedRules, storedMarkdownOf } from './list-rules-draft';
import { useListRules, useSaveListRules, type ListRules } from './list-rules.api';

/** A manager's or admin's editor: Markdown beside the API's own rendering, saved as a whole. */
function ListRulesForm({ saved }: { saved: ListRules }) {
  const { t } = useTranslation('staff');
  const save = useSaveListRules();
  // The draft outlives a refetch: what is typed is never replaced by the server's copy.
  const [draft, setDraft] = useState(saved.markdown);
  const errors = fieldErrorsOf(save.error);
  const unsaved = hasUnsavedRules(saved.markdown, draft);
  // A refusal speaks of the text that was sent: once that text changes, it no longer applies.
  const edit = (markdown: string) => {
    setDraft(markdown);
    if (save.error) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = draft;
    save.mutate(
      { markdown: storedMarkdownOf(sent) },
      {
        onSuccess: (answer) => {
          // Blank rules come back as ''; anything typed while saving is kept.
          setDraft((current) => (current === sent ? answer.markdown : current));
          toastSaved(answer.markdown === '' ? t('listRules.takenDown') : t('listRules.saved'));
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toastFailed(error);
        },
      },
    );
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-labelledby="list-rules-editor-heading">
      <Section title={t('listRules.editorTitle')} id="list-rules-editor">
        <p className="muted staff-section__hint">{t('listRules.editorHint')}</p>
        <MarkdownEditor id="list-rules-md" label={t('listRules.fields.markdown')} previewLabel={t('listRules.previewLabel')} value={draft} onChange={edit} error={errors.markdown} />
      </Section>
      <div className="staff-form__footer">
        <button type="submit" className="button button--primary" disabled={!unsaved || save.isPending} aria-busy={save.isPending}>
          <span className="button__spinner" aria-hidden="true" />
          {t('listRules.save')}
        </button>
        {unsaved ? (
          <span className="muted" data-testid="list-rules-unsaved">
            {t('listRules.unsaved')}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** What a viewer reads: the rules exactly as members get them, with no control that writes. */
function ListRulesView({ rules }: { rules: ListRules }) {
  const { t } = useTranslation('staff');
  if (rules.html === '') return <EmptyState title={t('listRules.empty')} />;
  return (
    <Section title={t('listRules.readTitle')} id="list-rules-read">
      {/* The API's renderer sanitises to an allow-list (p, h2–h4, lists, links, …): the same HTML members get. */}
      <div className="staff-markdown__preview" data-testid="list-rules-html" dangerouslySetInnerHTML={{ __html: rules.html }} />
    </Section>
  );
}

/** /staff/list-rules: the winery's rules of the list, which members read on their standing page. */
export function ListRulesPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  const rules = useListRules();

  return (
    <>
      <PageHeader title={t('listRules.title')} lede={t('listRules.lede')} />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      {rules.isPending || role === null ? <LoadingState /> : null}
      {rules.error ? <ErrorState error={rules.error} onRetry={() => void rules.refetch()} /> : null}
      {rules.data && role !== null ? canWrite ? <ListRulesForm saved={rules.data} /> : <ListRulesView rules={rules.data} /> : null}
    </>
  );
}
