import { describe, expect, it } from 'vitest';
import { formatClock, formatCountdown, formatDateTime, formatDateTimeParts, formatDay, utcToZonedLocal, zonedLocalToUtc } from './time-zone';

const LA = 'America/Los_Angeles';

describe('the winery time zone', () => {
  it('shows a UTC instant as the wall clock in Los Angeles, summer and winter', () => {
    expect(utcToZonedLocal('2027-07-01T16:00:00.000Z', LA)).toBe('2027-07-01T09:00');
    expect(utcToZonedLocal('2027-01-15T17:30:00.000Z', LA)).toBe('2027-01-15T09:30');
    expect(utcToZonedLocal(null, LA)).toBe('');
  });

  it('takes a wall-clock time in the zone back to the same UTC instant', () => {
    expect(zonedLocalToUtc('2027-07-01T09:00', LA)).toBe('2027-07-01T16:00:00.000Z');
    expect(zonedLocalToUtc('2027-01-15T09:30', LA)).toBe('2027-01-15T17:30:00.000Z');
    expect(zonedLocalToUtc('2027-01-15T09:30', 'UTC')).toBe('2027-01-15T09:30:00.000Z');
    expect(zonedLocalToUtc('2027-01-15T09:30', 'Australia/Adelaide')).toBe('2027-01-14T23:00:00.000Z');
  });

  it('takes the earlier instant of the repeated autumn hour, and moves through the skipped spring hour', () => {
    // 2027-11-07 01:30 happens twice in Los Angeles: first at PDT (UTC-7).
    expect(zonedLocalToUtc('2027-11-07T01:30', LA)).toBe('2027-11-07T08:30:00.000Z');
    // 2027-03-14 02:30 does not exist; it is read as 03:30 PDT.
    expect(zonedLocalToUtc('2027-03-14T02:30', LA)).toBe('2027-03-14T10:30:00.000Z');
  });

  it('refuses what is not a date', () => {
    expect(zonedLocalToUtc('', LA)).toBeNull();
    expect(zonedLocalToUtc('2027-13-01T09:00', LA)).toBeNull();
    expect(zonedLocalToUtc('tomorrow', LA)).toBeNull();
  });

  it('writes a date for reading in the zone, naming the zone', () => {
    expect(formatDateTime('2027-03-01T17:00:00.000Z', LA)).toBe('Mar 1, 2027, 9:00 AM PST');
    expect(formatDateTime('2027-07-01T16:00:00.000Z', LA)).toBe('Jul 1, 2027, 9:00 AM PDT');
    expect(formatDateTime(null, LA)).toBe('');
  });

  it('splits the same words into the date and the time, for a column too narrow for both on one line', () => {
    expect(formatDateTimeParts('2027-03-01T17:00:00.000Z', LA)).toEqual({ date: 'Mar 1, 2027', separator: ', ', time: '9:00 AM PST' });
    expect(formatDateTimeParts('2027-12-31T23:59:00.000Z', 'Europe/Paris')).toEqual({ date: 'Jan 1, 2028', separator: ', ', time: '12:59 AM GMT+1' });
    expect(formatDateTimeParts('not a date', LA)).toBeNull();
    expect(formatDateTimeParts(undefined, LA)).toBeNull();
  });

  it("tells the time of an update with the zone's name, as every other time in the console", () => {
    expect(formatClock(Date.parse('2027-01-15T12:21:25.000Z'), LA)).toBe('4:21:25 AM PST');
    expect(formatClock(Date.parse('2027-07-01T23:05:09.000Z'), LA)).toBe('4:05:09 PM PDT');
    expect(formatClock(Date.parse('2027-07-01T23:05:09.000Z'), 'Europe/Paris')).toBe('1:05:09 AM GMT+2');
  });

  it('counts down in days, hours, minutes and seconds', () => {
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3 * 86_400 + 3600 + 61)).toBe('3d 01:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});

describe('a calendar date', () => {
  it('reads as the same day wherever it is read, with or without a time after it', () => {
    expect(formatDay('1967-09-11')).toBe('Sep 11, 1967');
    expect(formatDay('2024-02-29')).toBe('Feb 29, 2024');
    expect(formatDay('2024-01-01T23:30:00-08:00')).toBe('Jan 1, 2024');
  });

  it('is empty for no date or one that is not a date', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('not a date')).toBe('');
  });
});
