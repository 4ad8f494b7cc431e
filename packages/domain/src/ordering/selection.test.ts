import { describe, expect, it } from 'vitest';
import { checkSelection, normaliseSelection, selectionSubtotal, type SelectionRules } from './selection.js';

const rules: SelectionRules = {
  limits: [
    { wineId: 'melbury', minimum: 0, maximum: 6, unitPriceCents: 45_000 },
    { wineId: 'quella', minimum: 2, maximum: 12, unitPriceCents: 18_500 },
    { wineId: 'magnum', minimum: 0, maximum: 1, unitPriceCents: 98_000 },
  ],
  orderMinimumCents: 37_000,
  combinations: [{ wineId: 'magnum', requiresWineId: 'melbury', quantity: 3 }],
};

describe('checkSelection', () => {
  it('accepts quantities on the limits exactly', () => {
    expect(checkSelection([{ wineId: 'quella', quantity: 2 }], rules)).toEqual([]);
    expect(checkSelection([{ wineId: 'melbury', quantity: 6 }, { wineId: 'quella', quantity: 12 }], rules)).toEqual([]);
  });

  it('refuses one bottle under the minimum and one over the maximum', () => {
    expect(checkSelection([{ wineId: 'quella', quantity: 1 }, { wineId: 'melbury', quantity: 1 }], rules)).toEqual([
      { code: 'belowMinimum', wineId: 'quella', minimum: 2 },
    ]);
    expect(checkSelection([{ wineId: 'melbury', quantity: 7 }], rules)).toEqual([
      { code: 'aboveMaximum', wineId: 'melbury', maximum: 6 },
    ]);
  });

  it('holds the order minimum to the cent', () => {
    expect(checkSelection([{ wineId: 'quella', quantity: 2 }], { ...rules, orderMinimumCents: 37_001 })).toEqual([
      { code: 'orderMinimum', minimumCents: 37_001 },
    ]);
  });

  it('enforces combinations: the magnum only with at least three Melbury', () => {
    expect(checkSelection([{ wineId: 'magnum', quantity: 1 }, { wineId: 'melbury', quantity: 2 }], rules)).toEqual([
      { code: 'invalidCombination', wineId: 'magnum', requiresWineId: 'melbury' },
    ]);
    expect(checkSelection([{ wineId: 'magnum', quantity: 1 }, { wineId: 'melbury', quantity: 3 }], rules)).toEqual([]);
  });

  it('refuses an empty order and a wine not in the allocation', () => {
    expect(checkSelection([{ wineId: 'quella', quantity: 0 }], rules)).toEqual([{ code: 'empty' }]);
    expect(checkSelection([{ wineId: 'other', quantity: 1 }, { wineId: 'melbury', quantity: 1 }], rules)).toContainEqual({
      code: 'unknownWine',
      wineId: 'other',
    });
  });

  it('sums a wine listed twice before checking it', () => {
    expect(normaliseSelection([{ wineId: 'melbury', quantity: 4 }, { wineId: 'melbury', quantity: 3 }])).toEqual([
      { wineId: 'melbury', quantity: 7 },
    ]);
    expect(checkSelection([{ wineId: 'melbury', quantity: 4 }, { wineId: 'melbury', quantity: 3 }], rules)).toEqual([
      { code: 'aboveMaximum', wineId: 'melbury', maximum: 6 },
    ]);
    expect(selectionSubtotal([{ wineId: 'melbury', quantity: 2 }, { wineId: 'quella', quantity: 2 }], rules.limits)).toBe(127_000);
  });
});
