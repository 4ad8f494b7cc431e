import { describe, expect, it } from 'vitest';
import { checkSelection, clampQuantity, normaliseSelection, remainingLimits, selectionSubtotal, type SelectionRules } from './selection.js';

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
      { code: 'invalidCombination', wineId: 'magnum', requiresWineId: 'melbury', quantity: 3 },
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

describe('clampQuantity: what a quantity field keeps as the member types', () => {
  it('keeps whole numbers from 0 to the maximum', () => {
    expect(clampQuantity(99, 6)).toBe(6);
    expect(clampQuantity(6, 6)).toBe(6);
    expect(clampQuantity(5, 6)).toBe(5);
    expect(clampQuantity(0, 6)).toBe(0);
    expect(clampQuantity(-1, 6)).toBe(0);
    expect(clampQuantity(2.7, 6)).toBe(2);
    expect(clampQuantity(Number.NaN, 6)).toBe(0);
    expect(clampQuantity(3, 0)).toBe(0);
    expect(clampQuantity(3, -2)).toBe(0);
  });
});

describe('a member who has ordered before (taken)', () => {
  const taken = new Map([
    ['melbury', 4],
    ['quella', 2],
  ]);

  it('leaves each wine what its maximum and minimum have left', () => {
    expect(remainingLimits(rules.limits, taken)).toEqual([
      { wineId: 'melbury', minimum: 0, maximum: 2, unitPriceCents: 45_000 },
      { wineId: 'quella', minimum: 0, maximum: 10, unitPriceCents: 18_500 },
      { wineId: 'magnum', minimum: 0, maximum: 1, unitPriceCents: 98_000 },
    ]);
    expect(remainingLimits(rules.limits, new Map([['melbury', 9]]))[0]).toMatchObject({ minimum: 0, maximum: 0 });
  });

  it('refuses one bottle more than the maximum leaves, and takes exactly what is left', () => {
    expect(checkSelection([{ wineId: 'melbury', quantity: 2 }], { ...rules, taken })).toEqual([]);
    expect(checkSelection([{ wineId: 'melbury', quantity: 3 }], { ...rules, taken })).toEqual([
      { code: 'aboveMaximum', wineId: 'melbury', maximum: 2 },
    ]);
  });

  it('holds the order minimum to all the member will hold, not to the addition alone', () => {
    // Ordered: 4 Melbury ($1,800) and 2 Quella ($370). One more Quella ($185) is below $370 alone.
    const minimum = { ...rules, orderMinimumCents: 37_000 };
    expect(checkSelection([{ wineId: 'quella', quantity: 1 }], minimum)).toEqual([
      { code: 'belowMinimum', wineId: 'quella', minimum: 2 },
      { code: 'orderMinimum', minimumCents: 37_000 },
    ]);
    expect(checkSelection([{ wineId: 'quella', quantity: 1 }], { ...minimum, taken })).toEqual([]);
    // A small earlier order and a small addition meet it together, to the cent.
    const small = new Map([['quella', 2]]);
    expect(checkSelection([{ wineId: 'quella', quantity: 1 }], { ...minimum, orderMinimumCents: 55_500, taken: small })).toEqual([]);
    expect(checkSelection([{ wineId: 'quella', quantity: 1 }], { ...minimum, orderMinimumCents: 55_501, taken: small })).toEqual([
      { code: 'orderMinimum', minimumCents: 55_501 },
    ]);
  });

  it('counts the Melbury already ordered towards the magnum’s three', () => {
    expect(checkSelection([{ wineId: 'magnum', quantity: 1 }], { ...rules, taken: new Map([['melbury', 3]]) })).toEqual([]);
    expect(checkSelection([{ wineId: 'magnum', quantity: 1 }, { wineId: 'melbury', quantity: 1 }], { ...rules, taken: new Map([['melbury', 1]]) })).toEqual([
      { code: 'invalidCombination', wineId: 'magnum', requiresWineId: 'melbury', quantity: 3 },
    ]);
  });

  it('still refuses an empty addition', () => {
    expect(checkSelection([], { ...rules, taken })).toEqual([{ code: 'empty' }]);
  });
});

describe('a draft: the choice saved as the member types', () => {
  it('refuses only what could never be ordered: over the maximum, or a wine outside the allocation', () => {
    expect(checkSelection([{ wineId: 'melbury', quantity: 7 }, { wineId: 'other', quantity: 1 }], rules, { draft: true })).toEqual([
      { code: 'aboveMaximum', wineId: 'melbury', maximum: 6 },
      { code: 'unknownWine', wineId: 'other' },
    ]);
    expect(checkSelection([{ wineId: 'melbury', quantity: 6 }], rules, { draft: true })).toEqual([]);
  });

  it('accepts nothing chosen, a minimum not met yet, a combination and the order minimum still to come', () => {
    expect(checkSelection([], rules, { draft: true })).toEqual([]);
    expect(checkSelection([{ wineId: 'quella', quantity: 1 }], rules, { draft: true })).toEqual([]);
    expect(checkSelection([{ wineId: 'magnum', quantity: 1 }], rules, { draft: true })).toEqual([]);
  });

  it('counts earlier orders against the maximum', () => {
    expect(checkSelection([{ wineId: 'melbury', quantity: 3 }], { ...rules, taken: new Map([['melbury', 4]]) }, { draft: true })).toEqual([
      { code: 'aboveMaximum', wineId: 'melbury', maximum: 2 },
    ]);
  });
});
