import { describe, expect, it } from 'vitest';
import { applyRate, formatMoney } from './money.js';

describe('money', () => {
  it('turns integer cents into dollars only when shown', () => {
    expect(formatMoney(64_800)).toBe('$648.00');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(-1_250)).toBe('-$12.50');
  });

  it('keeps each currency and locale apart', () => {
    expect(formatMoney(1_000, 'EUR')).toBe('€10.00');
    expect(formatMoney(1_000, 'USD', 'en-US')).toBe('$10.00');
    expect(formatMoney(123_456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(1_000)).toBe('$10.00');
  });

  it('rounds a rate half up, in cents', () => {
    expect(applyRate(10_000, 725)).toBe(725);
    expect(applyRate(1_234, 725)).toBe(89);
  });
});
