import { describe, expect, it } from 'vitest';
import { getAllocationStatus } from '../allocation-status.js';
import { ALLOCATION_GRACE_MS } from '../constants.js';
import { renderValidationMessage } from '../messages/validation.js';
import {
  createOfferingOpeningsInputSchema,
  graceEndsAt,
  memberWindow,
  OfferingOpeningsInputSchema,
  openingState,
} from './opening.js';
import { AdmissionPerMinuteSchema, HoldMinutesSchema } from '../schemas/release-settings.js';

const offering = { startDate: '2027-03-01T16:00:00.000Z', endDate: '2027-03-15T16:00:00.000Z' };
const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs);
const TIER_A = '0b6c1f7e-3f43-4e55-9d8e-2a0d8c1b7a01';
const TIER_B = '0b6c1f7e-3f43-4e55-9d8e-2a0d8c1b7a02';

describe('memberWindow', () => {
  it("is the offering's window for a member whose tier has no opening", () => {
    expect(memberWindow(offering, null)).toEqual({ opensAt: new Date(offering.startDate), closesAt: new Date(offering.endDate) });
  });

  it("is the tier's opening, closing with the offering when the tier has no close", () => {
    const window = memberWindow(offering, { opensAt: '2027-03-03T16:00:00.000Z', closesAt: null });
    expect(window).toEqual({ opensAt: new Date('2027-03-03T16:00:00.000Z'), closesAt: new Date(offering.endDate) });
  });

  it("keeps the tier's own close when it comes before the offering's end", () => {
    const window = memberWindow(offering, { opensAt: '2027-03-03T16:00:00.000Z', closesAt: '2027-03-10T16:00:00.000Z' });
    expect(window.closesAt).toEqual(new Date('2027-03-10T16:00:00.000Z'));
  });

  it("never closes after the offering's end (an offering closed early closes every tier)", () => {
    const closedEarly = { ...offering, endDate: '2027-03-05T12:00:00.000Z' };
    const window = memberWindow(closedEarly, { opensAt: '2027-03-03T16:00:00.000Z', closesAt: '2027-03-10T16:00:00.000Z' });
    expect(window.closesAt).toEqual(new Date('2027-03-05T12:00:00.000Z'));
  });
});

describe('openingState', () => {
  const window = { opensAt: '2027-03-03T16:00:00.000Z', closesAt: '2027-03-10T16:00:00.000Z' };

  it("is 'before' until the opening instant, which is open", () => {
    expect(openingState(window, at(window.opensAt, -1))).toBe('before');
    expect(openingState(window, at(window.opensAt))).toBe('open');
  });

  it('is open at the closing instant and in grace the millisecond after', () => {
    expect(openingState(window, at(window.closesAt))).toBe('open');
    expect(openingState(window, at(window.closesAt, 1))).toBe('grace');
  });

  it('is in grace to the last instant of the grace window, then over', () => {
    expect(openingState(window, at(window.closesAt, ALLOCATION_GRACE_MS))).toBe('grace');
    expect(openingState(window, at(window.closesAt, ALLOCATION_GRACE_MS + 1))).toBe('over');
    expect(graceEndsAt(window)).toEqual(at(window.closesAt, ALLOCATION_GRACE_MS));
  });

  it("is never 'before' for a window that closes before it opens: over until its close, then in grace (allocation-expired)", () => {
    // The offering's end moved to before the tier's opening, or the offering closed early.
    const shut = { opensAt: '2027-03-03T16:00:00.000Z', closesAt: '2027-03-02T12:00:00.000Z' };
    expect(openingState(shut, at(shut.closesAt, -1))).toBe('over');
    expect(openingState(shut, at(shut.closesAt))).toBe('over');
    expect(openingState(shut, at(shut.closesAt, 1))).toBe('grace');
    expect(openingState(shut, at(shut.opensAt, -1))).toBe('grace');
    expect(openingState(shut, at(shut.opensAt))).toBe('grace');
    expect(openingState(shut, at(shut.closesAt, ALLOCATION_GRACE_MS))).toBe('grace');
    expect(openingState(shut, at(shut.closesAt, ALLOCATION_GRACE_MS + 1))).toBe('over');
    // As the seed's allocation status reads the same window (§4): nothing current, then expired.
    const allocation = { id: 'a', startDate: shut.opensAt, endDate: shut.closesAt };
    expect(getAllocationStatus(allocation, at(shut.closesAt, -1))).toBe('account-info');
    expect(getAllocationStatus(allocation, at(shut.closesAt, 1))).toBe('allocation-expired');
  });

  it("is not 'before' a window that closes at its opening instant, which is open only at that instant", () => {
    const instant = { opensAt: '2027-03-03T16:00:00.000Z', closesAt: '2027-03-03T16:00:00.000Z' };
    expect(openingState(instant, at(instant.opensAt, -1))).toBe('over');
    expect(openingState(instant, at(instant.opensAt))).toBe('open');
    expect(openingState(instant, at(instant.closesAt, 1))).toBe('grace');
  });

  it('takes Date instants as well as ISO strings, and an unreadable window is over', () => {
    expect(openingState({ opensAt: new Date(window.opensAt), closesAt: new Date(window.closesAt) }, at(window.opensAt))).toBe('open');
    expect(openingState({ opensAt: 'soon', closesAt: window.closesAt }, at(window.opensAt))).toBe('over');
  });
});

describe('the staff openings input', () => {
  const issues = (input: unknown, offeringEnd?: string) => {
    const result = createOfferingOpeningsInputSchema({ offeringEnd }).safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  };

  it('accepts each tier once, a close left out meaning none', () => {
    const parsed = OfferingOpeningsInputSchema.parse({
      openings: [
        { tierId: TIER_A, opensAt: '2027-03-01T16:00:00.000Z' },
        { tierId: TIER_B, opensAt: '2027-03-03T16:00:00.000Z', closesAt: '2027-03-10T16:00:00.000Z' },
      ],
    });
    expect(parsed.openings[0]?.closesAt).toBeNull();
    expect(OfferingOpeningsInputSchema.parse({ openings: [] })).toEqual({ openings: [] });
  });

  it('names the tier given a second time', () => {
    expect(
      issues({
        openings: [
          { tierId: TIER_A, opensAt: '2027-03-01T16:00:00.000Z' },
          { tierId: TIER_A, opensAt: '2027-03-02T16:00:00.000Z' },
        ],
      }),
    ).toEqual([{ path: 'openings.1.tierId', message: 'tierOpeningRepeated' }]);
  });

  it('wants the opening strictly before its close', () => {
    const same = '2027-03-03T16:00:00.000Z';
    expect(issues({ openings: [{ tierId: TIER_A, opensAt: same, closesAt: same }] })).toEqual([
      { path: 'openings.0.closesAt', message: 'opensAfterCloses' },
    ]);
    expect(issues({ openings: [{ tierId: TIER_A, opensAt: same, closesAt: at(same, 1).toISOString() }] })).toEqual([]);
  });

  it("holds a close to the offering's end, the end itself allowed", () => {
    const opening = { tierId: TIER_A, opensAt: '2027-03-03T16:00:00.000Z' };
    expect(issues({ openings: [{ ...opening, closesAt: offering.endDate }] }, offering.endDate)).toEqual([]);
    expect(issues({ openings: [{ ...opening, closesAt: at(offering.endDate, 1).toISOString() }] }, offering.endDate)).toEqual([
      { path: 'openings.0.closesAt', message: 'closesAfterOfferingEnd' },
    ]);
  });

  it("refuses an opening at or after the offering's end (the tier would never open)", () => {
    expect(issues({ openings: [{ tierId: TIER_A, opensAt: offering.endDate }] }, offering.endDate)).toEqual([
      { path: 'openings.0.opensAt', message: 'opensAfterOfferingEnd' },
    ]);
    expect(issues({ openings: [{ tierId: TIER_A, opensAt: at(offering.endDate, -1).toISOString() }] }, offering.endDate)).toEqual([]);
  });

  it('says which field is not a date or not an id', () => {
    expect(issues({ openings: [{ tierId: 'gold', opensAt: 'tomorrow' }] })).toEqual([
      { path: 'openings.0.tierId', message: 'invalidId' },
      { path: 'openings.0.opensAt', message: 'invalidDate' },
    ]);
  });

  it('has a sentence for every message it gives', () => {
    for (const key of ['tierOpeningRepeated', 'opensAfterCloses', 'closesAfterOfferingEnd', 'opensAfterOfferingEnd', 'admissionRateRange', 'holdMinutesRange']) {
      expect(renderValidationMessage(key)).not.toBe(key);
    }
  });
});

describe('the release settings', () => {
  it('admits 1 to 100,000 members a minute, or none (no waiting room)', () => {
    expect(AdmissionPerMinuteSchema.safeParse(null).success).toBe(true);
    expect(AdmissionPerMinuteSchema.safeParse(1).success).toBe(true);
    expect(AdmissionPerMinuteSchema.safeParse(100_000).success).toBe(true);
    expect(AdmissionPerMinuteSchema.safeParse(0).error?.issues[0]?.message).toBe('admissionRateRange');
    expect(AdmissionPerMinuteSchema.safeParse(100_001).error?.issues[0]?.message).toBe('admissionRateRange');
    expect(AdmissionPerMinuteSchema.safeParse(2.5).error?.issues[0]?.message).toBe('admissionRateRange');
  });

  it('holds for 5 to 60 minutes, or not at all', () => {
    expect(HoldMinutesSchema.safeParse(null).success).toBe(true);
    expect(HoldMinutesSchema.safeParse(5).success).toBe(true);
    expect(HoldMinutesSchema.safeParse(60).success).toBe(true);
    expect(HoldMinutesSchema.safeParse(4).error?.issues[0]?.message).toBe('holdMinutesRange');
    expect(HoldMinutesSchema.safeParse(61).error?.issues[0]?.message).toBe('holdMinutesRange');
  });
});
