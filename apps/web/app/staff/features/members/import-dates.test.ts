import { describe, expect, it } from 'vitest';
import { dateRead } from './import-dates';

describe('dateRead', () => {
  it('says how the import reads a date of the file, in the order given', () => {
    expect(dateRead('03/09/1975', 'day-first')).toBe('Sep 3, 1975');
    expect(dateRead('03/09/1975', 'month-first')).toBe('Mar 9, 1975');
    expect(dateRead('1980-02-28', 'day-first')).toBe('Feb 28, 1980');
    expect(dateRead('29.02.1980', 'month-first')).toBe('Feb 29, 1980');
  });

  it('is null for what is no date: a 28th month, February 30 (which Date.parse rolls into March), words', () => {
    expect(dateRead('28/02/1980', 'month-first')).toBeNull();
    expect(dateRead('30/02/1980', 'day-first')).toBeNull();
    expect(dateRead('29/02/1981', 'day-first')).toBeNull();
    expect(dateRead('sometime in spring', 'day-first')).toBeNull();
  });
});
