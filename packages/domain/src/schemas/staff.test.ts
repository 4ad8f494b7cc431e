import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { DAY_MS } from '../time.js';
import { AllocationAssignmentSchema } from './staff-allocations.js';
import { createOfferingInputSchema, earlyCloseEnd, offeringPhase, OfferingUpdateSchema, SlugSchema } from './staff-offerings.js';
import { RateTablesInputSchema } from './staff-rates.js';

const now = new Date('2027-03-10T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const content = { name: 'Spring 2027 Release', slug: 'spring-2027' };

describe('createOfferingInputSchema', () => {
  const schema = createOfferingInputSchema({ now: () => now });

  it('accepts a start exactly one day ahead, ending the same instant', () => {
    expect(fieldMessages(schema, { ...content, startDate: at(DAY_MS), endDate: at(DAY_MS) })).toEqual({});
    const parsed = schema.parse({ ...content, startDate: at(DAY_MS), endDate: at(30 * DAY_MS) });
    expect(parsed).toMatchObject({ campaignType: 'standard', orderMinimumCents: 0, wines: [], combinations: [], metaData: {} });
  });

  it('refuses a start one second short of a day ahead, and a start after the end, in the seed words', () => {
    expect(fieldMessages(schema, { ...content, startDate: at(DAY_MS - 1000), endDate: at(30 * DAY_MS) })).toEqual({
      startDate: 'The date must be at least 1 day from now',
    });
    expect(fieldMessages(schema, { ...content, startDate: at(3 * DAY_MS), endDate: at(2 * DAY_MS) })).toEqual({
      endDate: 'The start date must not fall after the end date',
    });
  });

  it('names empty fields and unknown campaign types', () => {
    expect(fieldMessages(schema, { name: ' ', slug: '', campaignType: 'gala', startDate: 'soon', endDate: at(DAY_MS) })).toEqual({
      name: 'Please fill in this field',
      slug: 'Please fill in this field',
      campaignType: 'Invalid type',
      startDate: 'Please enter a valid date',
    });
  });
});

describe('OfferingUpdateSchema', () => {
  it('leaves the one-day rule to the API but keeps the start not after the end', () => {
    expect(fieldMessages(OfferingUpdateSchema, { ...content, startDate: at(-DAY_MS), endDate: at(DAY_MS) })).toEqual({});
    expect(fieldMessages(OfferingUpdateSchema, { ...content, startDate: at(DAY_MS + 1), endDate: at(DAY_MS) })).toEqual({
      endDate: 'The start date must not fall after the end date',
    });
  });
});

describe('SlugSchema', () => {
  it('turns a title into lower-case words joined by hyphens', () => {
    expect(SlugSchema.parse(' Spring 2027 Release! ')).toBe('spring-2027-release');
    expect(SlugSchema.parse('Été — Cuvée')).toBe('ete-cuvee');
    expect(SlugSchema.safeParse('!!!').success).toBe(false);
  });
});

describe('offeringPhase', () => {
  const window = { startDate: '2027-03-10T12:00:00Z', endDate: '2027-04-10T12:00:00Z' };
  it('opens at the first second of the window and closes after its last', () => {
    expect(offeringPhase(window, new Date('2027-03-10T11:59:59Z'))).toBe('scheduled');
    expect(offeringPhase(window, new Date('2027-03-10T12:00:00Z'))).toBe('open');
    expect(offeringPhase(window, new Date('2027-04-10T12:00:00Z'))).toBe('open');
    expect(offeringPhase(window, new Date('2027-04-10T12:00:01Z'))).toBe('closed');
  });
});

describe('earlyCloseEnd', () => {
  const startDate = new Date('2027-03-10T12:00:00Z');
  it('ends the window the millisecond before the close, so the close itself reads closed', () => {
    const closedAt = new Date('2027-03-20T08:30:00.000Z');
    const endDate = earlyCloseEnd(startDate, closedAt);
    expect(endDate.toISOString()).toBe('2027-03-20T08:29:59.999Z');
    expect(offeringPhase({ startDate, endDate }, new Date(closedAt.getTime() - 1))).toBe('open');
    expect(offeringPhase({ startDate, endDate }, closedAt)).toBe('closed');
  });
  it('never ends before the start', () => {
    expect(earlyCloseEnd(startDate, startDate)).toEqual(startDate);
    expect(earlyCloseEnd(startDate, new Date(startDate.getTime() + 1))).toEqual(startDate);
  });
});

describe('AllocationAssignmentSchema', () => {
  const line = { wineId: '8a5b3c1e-2f4d-4e6a-9b7c-0d1e2f3a4b5c', minimum: 2, maximum: 2 };

  it('takes a member by id or by e-mail, not both and not neither', () => {
    expect(fieldMessages(AllocationAssignmentSchema, { email: 'a@example.com', lines: [line] })).toEqual({});
    expect(fieldMessages(AllocationAssignmentSchema, { lines: [line] })).toEqual({ email: 'Please enter your email address' });
    expect(
      fieldMessages(AllocationAssignmentSchema, { email: 'a@example.com', customerId: line.wineId, lines: [line] }),
    ).toEqual({ email: 'Please enter your email address' });
  });

  it('refuses a minimum above the maximum', () => {
    expect(fieldMessages(AllocationAssignmentSchema, { email: 'a@example.com', lines: [{ ...line, minimum: 3 }] })).toEqual({
      'lines.0.minimum': 'Invalid quantity',
    });
  });
});

describe('RateTablesInputSchema', () => {
  it('checks states against the country list, upper-cases them and keeps free-text regions elsewhere', () => {
    const parsed = RateTablesInputSchema.parse({
      taxRates: [
        { countryCode: 'us', stateCode: 'ca', rateBasisPoints: 725 },
        { countryCode: 'GB', stateCode: '', rateBasisPoints: 2_000, includesDuties: true },
      ],
      shippingRates: [{ countryCode: 'US', minBottles: 1, maxBottles: 6, priceCents: 4_500 }],
      restrictions: [{ countryCode: 'US', stateCode: 'UT', name: 'Utah' }],
      notices: [],
    });
    expect(parsed.taxRates).toEqual([
      { countryCode: 'US', stateCode: 'CA', rateBasisPoints: 725, includesDuties: false },
      { countryCode: 'GB', stateCode: null, rateBasisPoints: 2_000, includesDuties: true },
    ]);
    expect(
      fieldMessages(RateTablesInputSchema, {
        taxRates: [{ countryCode: 'US', stateCode: 'XX', rateBasisPoints: 10_001 }],
        shippingRates: [{ countryCode: 'US', minBottles: 7, maxBottles: 6, priceCents: 1 }],
        restrictions: [],
        notices: [{ countryCode: 'CA', text: '' }],
      }),
    ).toEqual({
      'taxRates.0.stateCode': 'Please choose a state from the list',
      'taxRates.0.rateBasisPoints': 'Invalid type',
      'shippingRates.0.maxBottles': 'Invalid quantity',
      'notices.0.text': 'Please fill in this field',
    });
  });
});
