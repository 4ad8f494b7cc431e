import { describe, expect, it } from 'vitest';
import { bodyOf, emptyDraft, metaValue } from './offering-draft';

const messages = { money: 'money!', date: 'date!' };

describe('the offering form as the API takes it', () => {
  it('sends money in cents, the window in UTC and stock for every location in order', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Spring 2027 Release',
      start: '2027-03-01T09:00',
      end: '2027-03-15T17:00',
      orderMinimum: '120',
      wines: [{ wineId: 'w1', label: 'X', price: '45.50', stock: { b: '12' }, defaultMinimum: '1', defaultMaximum: '6' }],
      meta: [{ key: 'skip-letter', value: 'true' }, { key: ' ', value: 'ignored' }],
    };
    const { body, errors } = bodyOf(draft, { timeZone: 'America/Los_Angeles', locationIds: ['a', 'b'], messages });
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      slug: 'Spring 2027 Release',
      startDate: '2027-03-01T17:00:00.000Z',
      endDate: '2027-03-16T00:00:00.000Z',
      orderMinimumCents: 12000,
      metaData: { 'skip-letter': true },
      wines: [{ wineId: 'w1', priceCents: 4550, stock: [{ locationId: 'a', quantity: 0 }, { locationId: 'b', quantity: 12 }], defaultMinimum: 1, defaultMaximum: 6 }],
    });
  });

  it('sends a date left as it was with its seconds, and a changed one from the field', () => {
    const keep = { letter: { title: '', paragraphs: [], signature: '' }, vintageNotes: [], startDate: '2027-03-01T17:00:37.512Z', endDate: '2027-03-16T00:00:00.000Z', admissionPerMinute: null };
    const draft = { ...emptyDraft(), start: '2027-03-01T09:00', end: '2027-03-16T18:00' };
    const { body } = bodyOf(draft, { timeZone: 'America/Los_Angeles', locationIds: [], keep, messages });
    expect(body.startDate).toBe('2027-03-01T17:00:37.512Z');
    expect(body.endDate).toBe('2027-03-17T01:00:00.000Z');
    expect(body.letter).toEqual(keep.letter);
  });

  it('sends back the admission rate it read beside the one in its field, so a rate changed on the dashboard meanwhile stands', () => {
    const keep = { letter: { title: '', paragraphs: [], signature: '' }, vintageNotes: [], startDate: '2027-03-01T17:00:00.000Z', endDate: '2027-03-16T00:00:00.000Z' };
    const draft = { ...emptyDraft(), start: '2027-03-01T09:00', end: '2027-03-15T17:00', admissionPerMinute: '250' };
    expect(bodyOf(draft, { timeZone: 'America/Los_Angeles', locationIds: [], keep: { ...keep, admissionPerMinute: 250 }, messages }).body).toMatchObject({
      admissionPerMinute: 250,
      admissionPerMinuteWas: 250,
    });
    expect(bodyOf({ ...draft, admissionPerMinute: '' }, { timeZone: 'UTC', locationIds: [], keep: { ...keep, admissionPerMinute: null }, messages }).body).toMatchObject({
      admissionPerMinute: null,
      admissionPerMinuteWas: null,
    });
    // A new offering has read nothing.
    expect(bodyOf(draft, { timeZone: 'UTC', locationIds: [], messages }).body).not.toHaveProperty('admissionPerMinuteWas');
  });

  it('names the fields it cannot send, by the paths the API would use', () => {
    const draft = { ...emptyDraft(), start: 'soon', wines: [{ wineId: 'w1', label: 'X', price: '4x', stock: {}, defaultMinimum: '', defaultMaximum: '' }] };
    expect(bodyOf(draft, { timeZone: 'UTC', locationIds: [], messages }).errors).toEqual({
      startDate: 'date!',
      endDate: 'date!',
      'wines.0.priceCents': 'money!',
    });
  });

  it('reads metaData values as JSON when they are, else as text', () => {
    expect(metaValue('false')).toBe(false);
    expect(metaValue('12')).toBe(12);
    expect(metaValue('event-offering')).toBe('event-offering');
    expect(metaValue('{"a":1}')).toEqual({ a: 1 });
    expect(metaValue('{broken')).toBe('{broken');
  });
});
