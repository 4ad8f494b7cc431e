import { describe, expect, it } from 'vitest';
import { MAX_BOTTLES_PER_WINE } from '@winery/domain';
import { draftChanged, draftOf, linesOfDraft } from './allocation-cells';

const wines = [{ offeringWineId: 'a' }, { offeringWineId: 'b' }];

describe('allocation cells', () => {
  it('reads saved lines into cells, empty for a wine not offered', () => {
    const draft = draftOf({ lines: [{ wineId: 'w', offeringWineId: 'b', minimum: 1, maximum: 6 }] }, wines);
    expect(draft).toEqual({ a: { min: '', max: '' }, b: { min: '1', max: '6' } });
  });

  it('saves the wines with numbers, a maximum alone meaning a minimum of 0', () => {
    expect(linesOfDraft({ a: { min: '', max: '' }, b: { min: ' ', max: '12' } }, wines)).toEqual({
      lines: [{ wineId: 'b', minimum: 0, maximum: 12 }],
      problems: {},
    });
  });

  it('refuses a minimum above the maximum, a maximum above the limit, missing or broken numbers', () => {
    const { lines, problems } = linesOfDraft({ a: { min: '7', max: '6' }, b: { min: '2', max: String(MAX_BOTTLES_PER_WINE + 1) } }, wines);
    expect(lines).toEqual([]);
    expect(problems).toEqual({ 'a.min': 'minAboveMax', 'b.max': 'tooMany' });
    expect(linesOfDraft({ a: { min: '3', max: '' }, b: { min: '1.5', max: 'x' } }, wines).problems).toEqual({
      'a.max': 'maxRequired',
      'b.min': 'notWhole',
      'b.max': 'notWhole',
    });
  });

  it('takes the limit itself and equal limits', () => {
    const max = String(MAX_BOTTLES_PER_WINE);
    expect(linesOfDraft({ a: { min: max, max } }, wines).lines).toEqual([{ wineId: 'a', minimum: MAX_BOTTLES_PER_WINE, maximum: MAX_BOTTLES_PER_WINE }]);
  });

  it('tells a changed row from a saved one, ignoring spaces', () => {
    const saved = { a: { min: '1', max: '6' } };
    expect(draftChanged({ a: { min: '1 ', max: '6' } }, saved)).toBe(false);
    expect(draftChanged({ a: { min: '2', max: '6' } }, saved)).toBe(true);
  });
});
