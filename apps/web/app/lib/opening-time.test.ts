import { describe, expect, it } from 'vitest';
import { formatOpening } from './opening-notice';

describe("the opening in the member's time zone", () => {
  it('says the date, the time and the zone by name, as it stands on that date', () => {
    expect(formatOpening('2027-01-15T16:00:00.000Z', 'America/Los_Angeles')).toEqual({
      date: 'January 15, 2027',
      time: '8:00 AM',
      zone: 'Pacific Standard Time',
    });
    expect(formatOpening('2027-07-15T16:00:00.000Z', 'America/Los_Angeles')).toMatchObject({ time: '9:00 AM', zone: 'Pacific Daylight Time' });
  });

  it('moves the date with the zone', () => {
    expect(formatOpening('2027-03-03T23:30:00.000Z', 'Asia/Tokyo')).toMatchObject({ date: 'March 4, 2027', time: '8:30 AM' });
  });

  it('says nothing for a value that is not a date', () => {
    expect(formatOpening('soon', 'UTC')).toBeNull();
  });
});
