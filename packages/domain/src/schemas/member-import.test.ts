import { describe, expect, it } from 'vitest';
import { importColumnKey, importDateToIso, MEMBER_IMPORT_COLUMNS, slashedDateOrder } from './member-import.js';

describe('importDateToIso', () => {
  it('reads a slashed date in the order given, padding its numbers', () => {
    expect(importDateToIso('3/9/1975', 'month-first')).toBe('1975-03-09');
    expect(importDateToIso('3/9/1975', 'day-first')).toBe('1975-09-03');
    expect(importDateToIso('12/31/1999', 'month-first')).toBe('1999-12-31');
    // Read as told, even when it cannot be a date: the rules refuse month 31.
    expect(importDateToIso('12/31/1999', 'day-first')).toBe('1999-31-12');
  });

  it('reads a dotted date day first whatever the order, an ISO date or a timestamp as its date, and leaves anything else', () => {
    expect(importDateToIso('03.09.1975', 'month-first')).toBe('1975-09-03');
    expect(importDateToIso('1975-09-03', 'month-first')).toBe('1975-09-03');
    expect(importDateToIso('2019-04-01T00:00:00Z', 'day-first')).toBe('2019-04-01');
    expect(importDateToIso('3/9/75', 'month-first')).toBe('3/9/75');
    expect(importDateToIso('March 9, 1975', 'month-first')).toBe('March 9, 1975');
  });
});

describe('slashedDateOrder', () => {
  it('is null without a slashed date, and what staff asked when there is one', () => {
    expect(slashedDateOrder([])).toBeNull();
    expect(slashedDateOrder(['1975-09-03', '03.09.1975', ''], 'day-first')).toBeNull();
    expect(slashedDateOrder(['3/9/1975'], 'day-first')).toBe('day-first');
    expect(slashedDateOrder(['25/12/1980'], 'month-first')).toBe('month-first');
  });

  it('is day first when a first number is 13 to 31, else month first', () => {
    expect(slashedDateOrder(['3/9/1975', '12/12/1980'])).toBe('month-first');
    expect(slashedDateOrder(['3/9/1975', '13/1/1980'])).toBe('day-first');
    expect(slashedDateOrder(['31/1/1980'])).toBe('day-first');
    // 32 is no day: such a date is wrong either way, and decides nothing.
    expect(slashedDateOrder(['32/1/1980'])).toBe('month-first');
    expect(slashedDateOrder(['12/25/1980'])).toBe('month-first');
  });
});

describe('MEMBER_IMPORT_COLUMNS', () => {
  it('finds each name of the table as written, and gives no name to two fields', () => {
    const fieldsOf = new Map<string, string[]>();
    for (const [field, names] of Object.entries(MEMBER_IMPORT_COLUMNS)) {
      for (const name of names) {
        // A name is written as its key, or no column could ever match it.
        expect(importColumnKey(name), name).toBe(name);
        fieldsOf.set(name, [...(fieldsOf.get(name) ?? []), field]);
      }
    }
    expect([...fieldsOf].filter(([, fields]) => fields.length > 1)).toEqual([]);
  });
});
