import { useState, type KeyboardEvent } from 'react';
import { MAX_BOTTLES_PER_WINE } from '@winery/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { StatusBadge } from '../../components/status-badge';
import { draftChanged, draftOf, linesOfDraft, type RowDraft } from './allocation-cells';
import type { LineInput, StaffAllocation } from './allocations.api';
import { InvitationBadge } from './invitation-badge';
import { memberName } from '../../lib/member-name';

export interface GridWine {
  offeringWineId: string;
  title: string;
}

type RowState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** The API's `0.lines.N.minimum|maximum` → the cell of the Nth line sent. */
function apiCellErrors(error: unknown, sent: LineInput[]): Record<string, string> {
  const cells: Record<string, string> = {};
  if (!isApiError(error)) return cells;
  for (const { field, message } of error.errors) {
    const match = /^0\.lines\.(\d+)\.(minimum|maximum)$/.exec(field ?? '');
    const line = match ? sent[Number(match[1])] : undefined;
    if (line && match) cells[`${line.wineId}.${match[2] === 'minimum' ? 'min' : 'max'}`] ??= message;
  }
  return cells;
}

/**
 * One member's row of the grid: each wine's minimum and maximum as fields, saved together (the
 * row's Save, or Enter in any of its fields) with a visible saved or failed state. A viewer reads
 * the limits as text.
 */
export function AllocationRow({
  allocation,
  wines,
  canWrite,
  save,
  onRemove,
}: {
  allocation: StaffAllocation;
  wines: GridWine[];
  canWrite: boolean;
  save: (input: { customerId: string; lines: LineInput[] }) => Promise<unknown>;
  onRemove: (allocation: StaffAllocation) => void;
}) {
  const { t } = useTranslation('staff');
  const [saved, setSaved] = useState<RowDraft>(() => draftOf(allocation, wines));
  const [draft, setDraft] = useState<RowDraft>(saved);
  const [state, setState] = useState<RowState>({ kind: 'idle' });
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const name = memberName(allocation);
  const changed = draftChanged(draft, saved);

  const setCell = (wineId: string, part: 'min' | 'max', value: string) => {
    setDraft((current) => ({ ...current, [wineId]: { ...(current[wineId] ?? { min: '', max: '' }), [part]: value } }));
    setCellErrors(({ [`${wineId}.${part}`]: _dropped, ...rest }) => rest);
    if (state.kind !== 'saving') setState({ kind: 'idle' });
  };

  const onSave = async () => {
    const { lines, problems } = linesOfDraft(draft, wines);
    const local = Object.fromEntries(Object.entries(problems).map(([key, problem]) => [key, t(`allocations.cell.${problem}`, { max: MAX_BOTTLES_PER_WINE })]));
    setCellErrors(local);
    if (Object.keys(local).length > 0) {
      setState({ kind: 'error', message: t('allocations.row.fix') });
      return;
    }
    setState({ kind: 'saving' });
    try {
      await save({ customerId: allocation.customerId, lines });
      const now = draftOf({ lines: lines.map((line) => ({ ...line, offeringWineId: line.wineId })) }, wines);
      setSaved(now);
      setDraft(now);
      setState({ kind: 'saved' });
    } catch (error) {
      setCellErrors(apiCellErrors(error, lines));
      setState({ kind: 'error', message: errorMessage(error, t('states.saveFailed')) });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void onSave();
    }
  };

  const rowId = `alloc-${allocation.id}`;
  return (
    <tr className={state.kind === 'error' ? 'alloc-row alloc-row--error' : 'alloc-row'} data-testid="allocation-row" data-email={allocation.email}>
      <th scope="row" className="alloc-grid__member">
        <span className="alloc-grid__name">{name}</span>
        <span className="alloc-grid__email">
          {allocation.email}
          {allocation.tierName ? <span className="alloc-grid__tier"> · {allocation.tierName}</span> : null}
        </span>
      </th>
      <td>
        <InvitationBadge state={allocation.invitation.state} />
      </td>
      {wines.map((wine) => {
        const cell = draft[wine.offeringWineId] ?? { min: '', max: '' };
        if (!canWrite) {
          return (
            <td key={wine.offeringWineId} className="alloc-grid__cell alloc-grid__cell--read">
              {cell.max ? t('allocations.range', { min: cell.min || '0', max: cell.max }) : <span aria-label={t('allocations.notOffered')}>–</span>}
            </td>
          );
        }
        const minError = cellErrors[`${wine.offeringWineId}.min`];
        const maxError = cellErrors[`${wine.offeringWineId}.max`];
        const errorId = `${rowId}-${wine.offeringWineId}-error`;
        return (
          <td key={wine.offeringWineId} className={`alloc-grid__cell${minError || maxError ? ' field--invalid' : ''}`}>
            <span className="alloc-grid__pair">
              <input
                className="field__input alloc-grid__input"
                inputMode="numeric"
                autoComplete="off"
                value={cell.min}
                onChange={(event) => setCell(wine.offeringWineId, 'min', event.target.value)}
                onKeyDown={onKeyDown}
                aria-label={t('allocations.minLabel', { wine: wine.title, member: name })}
                aria-invalid={minError ? true : undefined}
                aria-describedby={minError || maxError ? errorId : undefined}
              />
              <span aria-hidden="true">–</span>
              <input
                className="field__input alloc-grid__input"
                inputMode="numeric"
                autoComplete="off"
                value={cell.max}
                onChange={(event) => setCell(wine.offeringWineId, 'max', event.target.value)}
                onKeyDown={onKeyDown}
                aria-label={t('allocations.maxLabel', { wine: wine.title, member: name })}
                aria-invalid={maxError ? true : undefined}
                aria-describedby={minError || maxError ? errorId : undefined}
              />
            </span>
            {minError || maxError ? (
              <span className="field__error alloc-grid__error" id={errorId}>
                {minError ?? maxError}
              </span>
            ) : null}
          </td>
        );
      })}
      {canWrite ? (
        <td className="alloc-grid__actions">
          <span className="staff-actions">
            <button type="button" className="button button--small" onClick={() => void onSave()} disabled={!changed || state.kind === 'saving'} aria-busy={state.kind === 'saving'}>
              {t('actions.save')}
              <span className="visually-hidden"> {name}</span>
            </button>
            <button
              type="button"
              className="button button--small button--quiet"
              onClick={() => onRemove(allocation)}
              disabled={allocation.hasOrdered}
              title={allocation.hasOrdered ? t('allocations.remove.ordered') : undefined}
            >
              {t('actions.remove')}
              <span className="visually-hidden"> {name}</span>
            </button>
          </span>
          <span className="alloc-grid__state" role="status">
            {state.kind === 'saved' ? <StatusBadge tone="positive">{t('allocations.row.saved')}</StatusBadge> : null}
            {state.kind === 'saving' ? t('allocations.row.saving') : null}
            {state.kind === 'error' ? <span className="field__error">{state.message}</span> : null}
            {state.kind === 'idle' && changed ? <span className="alloc-grid__unsaved">{t('allocations.row.unsaved')}</span> : null}
          </span>
        </td>
      ) : null}
    </tr>
  );
}
