import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyDraft, openingErrorsByTier, openingPath, openingsBodyOf } from './offering-draft';
import type { StaffOffering } from './offerings.api';

const GOLD = '11111111-1111-4111-8111-111111111111';
const SILVER = '22222222-2222-4222-8222-222222222222';
const BRONZE = '33333333-3333-4333-8333-333333333333';
const messages = { date: 'date!', opensRequired: 'opens!' };
const timeZone = 'America/Los_Angeles';

describe("the offering's release as the API takes it", () => {
  it("sends each tier with an opening, on the winery's clock as UTC, in the tiers' order; an empty tier is left out", () => {
    const draft = {
      openings: {
        [SILVER]: { opens: '2027-03-03T09:00', closes: '2027-03-10T17:00' },
        [GOLD]: { opens: '2027-03-01T09:00', closes: '' },
        [BRONZE]: { opens: '', closes: '' },
      },
    };
    const { body, order, errors } = openingsBodyOf(draft, { timeZone, tierIds: [GOLD, SILVER, BRONZE], messages });
    expect(errors).toEqual({});
    expect(order).toEqual([GOLD, SILVER]);
    expect(body).toEqual({
      openings: [
        { tierId: GOLD, opensAt: '2027-03-01T17:00:00.000Z', closesAt: null },
        { tierId: SILVER, opensAt: '2027-03-03T17:00:00.000Z', closesAt: '2027-03-11T01:00:00.000Z' },
      ],
    });
  });

  it('refuses a close without an opening, by tier, and sends nothing for it', () => {
    const { body, errors } = openingsBodyOf({ openings: { [GOLD]: { opens: '', closes: '2027-03-10T17:00' } } }, { timeZone, tierIds: [GOLD], messages });
    expect(errors).toEqual({ [openingPath(GOLD, 'opensAt')]: 'opens!' });
    expect(body.openings).toEqual([]);
  });

  it("puts the API's openings.i errors beside the tier they name", () => {
    const placed = openingErrorsByTier(
      { 'openings.1.closesAt': 'after the end', 'openings.0.tierId': 'twice', 'openings.0.opensAt': 'not a date', other: 'kept' },
      [GOLD, SILVER],
    );
    expect(placed).toEqual({
      [openingPath(SILVER, 'closesAt')]: 'after the end',
      [openingPath(GOLD, 'opensAt')]: 'twice',
      other: 'kept',
    });
  });

  it('sends the admission rate and the hold time as numbers, empty as none', () => {
    const draft = { ...emptyDraft(), name: 'Spring', start: '2027-03-01T09:00', end: '2027-03-15T17:00' };
    const sent = (change: Partial<typeof draft>) => bodyOf({ ...draft, ...change }, { timeZone, locationIds: [], messages: { money: 'm', date: 'd' } }).body;
    expect(sent({})).toMatchObject({ admissionPerMinute: null, holdMinutes: null });
    expect(sent({ admissionPerMinute: ' 250 ', holdMinutes: '15' })).toMatchObject({ admissionPerMinute: 250, holdMinutes: 15 });
    // What is not a whole number goes as typed, for the API to name the field.
    expect(sent({ holdMinutes: 'ten' })).toMatchObject({ holdMinutes: 'ten' });
  });

  it('reads the stored openings back onto the winery clock', () => {
    const offering = { ...({} as StaffOffering), startDate: '2027-03-01T17:00:00.000Z', endDate: '2027-03-16T00:00:00.000Z', metaData: {}, wines: [], combinations: [], admissionPerMinute: 500, holdMinutes: null };
    const draft = draftOf(offering, timeZone, [{ tierId: GOLD, tierName: 'Gold', opensAt: '2027-03-01T17:00:00.000Z', closesAt: null }]);
    expect(draft.openings).toEqual({ [GOLD]: { opens: '2027-03-01T09:00', closes: '' } });
    expect(draft).toMatchObject({ admissionPerMinute: '500', holdMinutes: '' });
  });
});
