import { describe, expect, it } from 'vitest';
import { formatCardExpiry, formatMoney } from './format';
import { countryName, countryOptions } from './countries';

describe('formatting at the edge', () => {
  it('turns integer cents into dollars only when shown', () => {
    expect(formatMoney(64_800)).toBe('$648.00');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('prints a card expiry as the card does', () => {
    expect(formatCardExpiry(3, 2028)).toBe('03/28');
    expect(formatCardExpiry(12, 2100)).toBe('12/00');
  });

  it('names countries for people and sorts them by name', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('CA')).toBe('Canada');
    const names = countryOptions().map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    expect(countryOptions().find((option) => option.code === 'FR')?.name).toBe('France');
  });
});
