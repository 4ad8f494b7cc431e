import { useState } from 'react';
import { MAX_BOTTLES_PER_WINE } from '@winery/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-error';
import type { StaffOffering } from '../offerings/offerings.api';
import { toastSaved } from '../../lib/toasts';
import { linesOfDraft, type RowDraft } from './allocation-cells';
import type { GridWine } from './allocation-row';
import { useBulkSet } from './allocations.api';
import { WorkDialog } from './work-dialog';

/**
 * "Set for everyone matching this filter": the same limits for the wines filled in (other wines
 * kept) on every member the grid's search and tier match, in one transaction; optionally giving
 * matching members without an allocation one.
 */
export function BulkSetDialog({
  open,
  onClose,
  offering,
  wines,
  filter,
  tierName,
}: {
  open: boolean;
  onClose: () => void;
  offering: StaffOffering;
  wines: GridWine[];
  filter: { q: string; tierId: string };
  tierName?: string;
}) {
  const { t } = useTranslation('staff');
  const bulk = useBulkSet(offering.id);
  const [draft, setDraft] = useState<RowDraft>({});
  const [includeNew, setIncludeNew] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');

  const close = () => {
    setDraft({});
    setProblems({});
    setFailure('');
    setIncludeNew(false);
    onClose();
  };

  const who = [filter.q ? t('allocations.bulk.whoSearch', { q: filter.q }) : null, filter.tierId ? t('allocations.bulk.whoTier', { tier: tierName ?? '' }) : null].filter(Boolean).join(', ');

  const submit = () => {
    const { lines, problems: found } = linesOfDraft(draft, wines);
    setProblems(Object.fromEntries(Object.entries(found).map(([key, problem]) => [key, t(`allocations.cell.${problem}`, { max: MAX_BOTTLES_PER_WINE })])));
    if (Object.keys(found).length > 0) return;
    if (lines.length === 0) {
      setFailure(t('allocations.bulk.nothing'));
      return;
    }
    setFailure('');
    bulk.mutate(
      { filter: { ...(filter.q ? { q: filter.q } : {}), ...(filter.tierId ? { tierId: filter.tierId } : {}), onlyAllocated: !includeNew }, lines },
      {
        onSuccess: (result) => {
          toastSaved(t('allocations.bulk.done', { matched: result.matched, updated: result.updated }));
          close();
        },
        onError: (error) => setFailure(errorMessage(error, t('states.saveFailed'))),
      },
    );
  };

  const set = (wineId: string, part: 'min' | 'max', value: string) =>
    setDraft((current) => ({ ...current, [wineId]: { ...(current[wineId] ?? { min: '', max: '' }), [part]: value } }));

  return (
    <WorkDialog
      open={open}
      title={t('allocations.bulk.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--quiet" onClick={close}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={submit} disabled={bulk.isPending} aria-busy={bulk.isPending}>
            <span className="button__spinner" aria-hidden="true" />
            {t('allocations.bulk.submit')}
          </button>
        </>
      }
    >
      <p>{who ? t('allocations.bulk.whoFiltered', { who }) : t('allocations.bulk.whoAll')}</p>
      <p className="field__hint">{t('allocations.bulk.hint')}</p>
      <div className="bulk-lines">
        {wines.map((wine) => {
          const error = problems[`${wine.offeringWineId}.min`] ?? problems[`${wine.offeringWineId}.max`];
          const id = `bulk-${wine.offeringWineId}`;
          return (
            <fieldset key={wine.offeringWineId} className={`bulk-lines__wine${error ? ' field--invalid' : ''}`}>
              <legend>{wine.title}</legend>
              <label htmlFor={`${id}-min`}>{t('allocations.bulk.min')}</label>
              <input id={`${id}-min`} className="field__input alloc-grid__input" inputMode="numeric" value={draft[wine.offeringWineId]?.min ?? ''} onChange={(event) => set(wine.offeringWineId, 'min', event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
              <label htmlFor={`${id}-max`}>{t('allocations.bulk.max')}</label>
              <input id={`${id}-max`} className="field__input alloc-grid__input" inputMode="numeric" value={draft[wine.offeringWineId]?.max ?? ''} onChange={(event) => set(wine.offeringWineId, 'max', event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
              {error ? (
                <p className="field__error" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      <label className="bulk-include">
        <input type="checkbox" className="staff-check" checked={includeNew} onChange={(event) => setIncludeNew(event.target.checked)} />
        {t('allocations.bulk.includeNew')}
      </label>
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </WorkDialog>
  );
}
