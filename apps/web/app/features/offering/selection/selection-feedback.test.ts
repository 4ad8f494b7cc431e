import { describe, expect, it } from 'vitest';
import { cartErrorFeedback, choosableMaximum, combinationConditions, initialQuantities, limitMessage, selectionFeedback } from './selection-feedback';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const offering = {
  orderMinimumCents: 30_000,
  wines: [
    { id: A, name: 'Melbury', vintage: 2023, sizeMl: 750, minimum: 0, maximum: 6, priceCents: 9_500, available: true, ordered: 0 },
    { id: B, name: 'Pluribus', vintage: 2023, sizeMl: 750, minimum: 2, maximum: 3, priceCents: 18_000, available: true, ordered: 0 },
    { id: C, name: 'St. Eden', vintage: 2021, sizeMl: 750, minimum: 0, maximum: 0, priceCents: 42_000, available: false, ordered: 0 },
  ],
  // Whoever takes C must also take at least 2 of B.
  combinations: [{ wineId: C, requiresWineId: B, quantity: 2 }],
} as unknown as Parameters<typeof selectionFeedback>[1];

describe('selection feedback on the allocation page', () => {
  it('adds up bottles and money and has nothing to say about a valid choice', () => {
    const feedback = selectionFeedback({ [A]: 2, [B]: 2, [C]: 0 }, offering);
    expect(feedback).toMatchObject({ subtotalCents: 55_000, bottles: 4, valid: true, empty: false, general: [], byWine: {} });
  });

  it('says the order minimum in the seed words, with the amount in dollars', () => {
    const feedback = selectionFeedback({ [A]: 1 }, offering);
    expect(feedback.valid).toBe(false);
    expect(feedback.general).toEqual(['Your order must be a minimum of $300.00']);
  });

  it('puts minimum and maximum messages next to their wine, in the words the API uses', () => {
    const feedback = selectionFeedback({ [A]: 7, [B]: 1, [C]: 1 }, offering);
    expect(feedback.byWine[A]).toEqual(['You can order at most 6 bottles of Melbury 2023.']);
    expect(feedback.byWine[B]).toEqual(['Please choose at least 2 bottles of Pluribus 2023, or none.']);
    expect(feedback.byWine[C]).toEqual([
      'Your allocation has no more St. Eden 2021 for you.',
      'St. Eden 2021 needs at least 2 bottles of Pluribus 2023 with it.',
    ]);
  });

  it('says a forbidden combination once for the order, as the seed words it, and beside the wine it binds', () => {
    const feedback = selectionFeedback({ [A]: 4, [C]: 1 }, { ...offering, wines: offering.wines.map((wine) => ({ ...wine, maximum: 2 })) });
    expect(feedback.general).toContain('Invalid allocation combination. Please contact us.');
    expect(feedback.general.filter((message) => message.startsWith('Invalid'))).toHaveLength(1);
    expect(feedback.byWine[C]).toEqual(['St. Eden 2021 needs at least 2 bottles of Pluribus 2023 with it.']);
    expect(feedback.byWine[B]).toBeUndefined();
  });

  it("counts a member's earlier orders: the minimum on all they will hold, the combination too", () => {
    const ordered = {
      ...offering,
      wines: offering.wines.map((wine) => (wine.id === B ? { ...wine, ordered: 2 } : wine.id === C ? { ...wine, maximum: 1, available: true } : wine)),
    };
    // $95 alone is below $300, but 2 Pluribus ($360) are already ordered; and they count for St. Eden.
    expect(selectionFeedback({ [A]: 1 }, ordered)).toMatchObject({ valid: true, general: [], byWine: {}, bottles: 1, subtotalCents: 9_500 });
    expect(selectionFeedback({ [C]: 1 }, ordered)).toMatchObject({ valid: true, byWine: {} });
  });

  it('reports an empty choice without a message of its own', () => {
    const feedback = selectionFeedback({ [A]: 0, [B]: 0 }, offering);
    expect(feedback).toMatchObject({ empty: true, valid: false, general: [], subtotalCents: 0, bottles: 0 });
  });
});

describe('the server refusing a cart', () => {
  it('places line errors next to their wine and the rest on the order', () => {
    const feedback = cartErrorFeedback(
      [
        { field: `lines.${B}`, code: 'belowMinimum', message: 'At least 2' },
        { field: 'lines', code: 'orderMinimum', message: 'Your order must be a minimum of $300.00' },
      ],
      'Validation failed',
    );
    expect(feedback.byWine).toEqual({ [B]: ['At least 2'] });
    expect(feedback.general).toEqual(['Your order must be a minimum of $300.00']);
  });

  it('falls back to the top message when no field is named', () => {
    expect(cartErrorFeedback([], 'This offering is closed.').general).toEqual(['This offering is closed.']);
  });
});

describe('quantities the page starts with', () => {
  it("takes the saved cart's lines, and nothing for a sold-out wine", () => {
    expect(initialQuantities(offering.wines, [{ wineId: A, quantity: 3 }, { wineId: C, quantity: 1 }])).toEqual({ [A]: 3, [B]: 0, [C]: 0 });
    expect(initialQuantities(offering.wines, null)).toEqual({ [A]: 0, [B]: 0, [C]: 0 });
  });

  it('never starts above what a wine still allows', () => {
    const wines = offering.wines.map((wine) => (wine.id === A ? { ...wine, ordered: 4 } : wine));
    expect(initialQuantities(wines, [{ wineId: A, quantity: 5 }, { wineId: B, quantity: 9 }])).toEqual({ [A]: 2, [B]: 3, [C]: 0 });
  });
});

describe('the limit a field keeps to', () => {
  it('is the maximum less the bottles ordered, and nothing of a sold-out wine', () => {
    expect(choosableMaximum({ maximum: 6, ordered: 0, available: true })).toBe(6);
    expect(choosableMaximum({ maximum: 6, ordered: 2, available: true })).toBe(4);
    expect(choosableMaximum({ maximum: 6, ordered: 7, available: true })).toBe(0);
    expect(choosableMaximum({ maximum: 2, ordered: 0, available: false })).toBe(0);
  });

  it("is said in the API's words, beside the wine", () => {
    const melbury = offering.wines[0]!;
    expect(limitMessage(melbury)).toBe('You can order at most 6 bottles of Melbury 2023.');
    expect(limitMessage({ ...melbury, maximum: 1 })).toBe('You can order at most 1 bottle of Melbury 2023.');
    expect(limitMessage({ ...melbury, ordered: 2 })).toBe('You can add at most 4 more bottles of Melbury 2023.');
    expect(limitMessage({ ...melbury, ordered: 6 })).toBe('Your allocation has no more Melbury 2023 for you.');
  });
});

describe('combination rules said up front', () => {
  it('names the wine a wine needs, next to it', () => {
    expect(combinationConditions(offering)).toEqual({ [C]: ['Only with at least 2 bottles of Pluribus 2023'] });
  });
});
