import { describe, expect, it } from 'vitest';
import { formatOpening, isBeforeOpening } from './opening-time';

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

describe("before the member's own opening (issue 17)", () => {
  // A member of a tier that opens later: the allocation detail carries their own window.
  const detail = { id: '00000000-0000-4000-8000-000000000002', startDate: '2027-03-03T16:00:00.000Z', endDate: '2027-03-10T16:00:00.000Z' };

  it('tells the opening to the millisecond: the opening instant is open', () => {
    expect(isBeforeOpening(detail, new Date('2027-03-03T15:59:59.999Z'))).toBe(true);
    expect(isBeforeOpening(detail, new Date('2027-03-03T16:00:00.000Z'))).toBe(false);
    expect(isBeforeOpening(detail, new Date('2027-03-20T00:00:00.000Z'))).toBe(false);
    expect(isBeforeOpening(null)).toBe(false);
    expect(isBeforeOpening({ ...detail, id: '' }, new Date('2027-03-01T00:00:00.000Z'))).toBe(false);
  });

});
