import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents } from './money';

describe('money fields', () => {
  it('reads dollars as typed into whole cents', () => {
    expect(dollarsToCents('45')).toBe(4500);
    expect(dollarsToCents('45.5')).toBe(4550);
    expect(dollarsToCents(' $1,250.05 ')).toBe(125005);
    expect(dollarsToCents('0.07')).toBe(7);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '12.345', '-3', '1e3', '.5']) expect(dollarsToCents(text)).toBeNull();
  });

  it('writes cents back as the field shows them, and for reading', () => {
    expect(centsToDollars(4500)).toBe('45.00');
    expect(centsToDollars(7)).toBe('0.07');
    expect(centsToDollars(null)).toBe('');
    expect(formatCents(125005)).toBe('$1,250.05');
  });
});
