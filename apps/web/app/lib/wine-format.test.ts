import { describe, expect, it } from 'vitest';
import { formatBottleSize, wineTitle } from './wine-format';

describe('bottle sizes as labels print them', () => {
  it('keeps millilitres below a litre and litres from one up', () => {
    expect(formatBottleSize(375)).toBe('375 ml');
    expect(formatBottleSize(750)).toBe('750 ml');
    expect(formatBottleSize(999)).toBe('999 ml');
    expect(formatBottleSize(1000)).toBe('1 L');
    expect(formatBottleSize(1500)).toBe('1.5 L');
    expect(formatBottleSize(3000)).toBe('3 L');
  });

  it('names a wine with its vintage, and its size when it is not a standard bottle', () => {
    expect(wineTitle({ name: 'Quella', vintage: 2023 })).toBe('Quella 2023');
    expect(wineTitle({ name: 'Quella', vintage: 2023, sizeMl: 750 })).toBe('Quella 2023');
    expect(wineTitle({ name: 'Melbury', vintage: 2022, sizeMl: 1500 })).toBe('Melbury 2022 (1.5 L)');
  });
});
