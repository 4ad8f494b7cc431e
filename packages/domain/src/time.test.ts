import { describe, expect, it } from 'vitest';
import { DAY_MS, formatDate, HOUR_MS, MINUTE_MS, SECOND_MS } from './time.js';

describe('time', () => {
  it('names the lengths of time once', () => {
    expect([SECOND_MS, MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([1_000, 60_000, 3_600_000, 86_400_000]);
  });

  it('formats dates in UTC, in words', () => {
    expect(formatDate('2027-03-03')).toBe('March 3, 2027');
    expect(formatDate('2027-03-03T23:30:00Z')).toBe('March 3, 2027');
    expect(formatDate('2027-03-03T23:30:00-05:00')).toBe('March 4, 2027');
    expect(formatDate(new Date(Date.UTC(2026, 5, 30, 12)))).toBe('June 30, 2026');
    expect(formatDate('soon')).toBeNull();
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
  });
});
