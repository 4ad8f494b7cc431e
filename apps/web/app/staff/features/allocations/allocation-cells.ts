import { MAX_BOTTLES_PER_WINE } from '@winery/domain';
import type { LineInput, StaffAllocation } from './allocations.api';

/** One wine's cell as staff type it: the text of the minimum and of the maximum. */
export interface CellText {
  min: string;
  max: string;
}
/** A row being edited: offering-wine id → its cell. */
export type RowDraft = Record<string, CellText>;

/** Why a cell cannot be saved; each is a key under `allocations.cell.` in staff.json. */
export type CellProblem = 'notWhole' | 'tooMany' | 'maxRequired' | 'minAboveMax';

export interface OfferedWineRef {
  offeringWineId: string;
}

/** The member's saved limits as the grid shows them: empty cells for a wine they are not offered. */
export function draftOf(allocation: Pick<StaffAllocation, 'lines'>, wines: OfferedWineRef[]): RowDraft {
  const draft: RowDraft = {};
  for (const wine of wines) {
    const line = allocation.lines.find((candidate) => candidate.offeringWineId === wine.offeringWineId);
    draft[wine.offeringWineId] = line ? { min: String(line.minimum), max: String(line.maximum) } : { min: '', max: '' };
  }
  return draft;
}

const whole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The lines a row saves, or what is wrong with each cell (by `<offeringWineId>.min|max`). A wine
 * with both fields empty is not offered to the member; a maximum alone means a minimum of 0; each
 * number is whole, at most MAX_BOTTLES_PER_WINE, and the minimum never above the maximum.
 */
export function linesOfDraft(draft: RowDraft, wines: OfferedWineRef[]): { lines: LineInput[]; problems: Record<string, CellProblem> } {
  const lines: LineInput[] = [];
  const problems: Record<string, CellProblem> = {};
  for (const { offeringWineId } of wines) {
    const cell = draft[offeringWineId] ?? { min: '', max: '' };
    const minText = cell.min.trim();
    const maxText = cell.max.trim();
    if (!minText && !maxText) continue;
    const minimum = minText ? whole(minText) : 0;
    const maximum = maxText ? whole(maxText) : null;
    if (minimum === null) problems[`${offeringWineId}.min`] = 'notWhole';
    else if (minimum > MAX_BOTTLES_PER_WINE) problems[`${offeringWineId}.min`] = 'tooMany';
    if (!maxText) problems[`${offeringWineId}.max`] = 'maxRequired';
    else if (maximum === null) problems[`${offeringWineId}.max`] = 'notWhole';
    else if (maximum > MAX_BOTTLES_PER_WINE) problems[`${offeringWineId}.max`] = 'tooMany';
    if (minimum !== null && maximum !== null && !problems[`${offeringWineId}.min`] && !problems[`${offeringWineId}.max`]) {
      if (minimum > maximum) problems[`${offeringWineId}.min`] = 'minAboveMax';
      else lines.push({ wineId: offeringWineId, minimum, maximum });
    }
  }
  return { lines, problems };
}

/** Whether the row differs from what was saved. */
export function draftChanged(draft: RowDraft, saved: RowDraft): boolean {
  return Object.keys({ ...draft, ...saved }).some(
    (key) => (draft[key]?.min ?? '').trim() !== (saved[key]?.min ?? '').trim() || (draft[key]?.max ?? '').trim() !== (saved[key]?.max ?? '').trim(),
  );
}
