import { describe, expect, it } from 'vitest';
import { describeWindow, offeredLimits, offeringOutcome, rulesUnderSection, standingSummary, wishOutcome } from './standing-format';

const closed = { state: 'closed' as const, skipped: false, orders: [{ id: '00000000-0000-4000-8000-0000000000a1', number: 'AE-1', placedAt: '2026-03-04T10:00:00.000Z' }] };
const skipped = { state: 'closed' as const, skipped: true, orders: [] };
const openNothing = { state: 'open' as const, skipped: false, orders: [] };
const neverOpened = { state: 'closed' as const, skipped: false, orders: [] };
const openOrdered = { ...closed, state: 'open' as const };

describe('offeredLimits', () => {
  it('reads the limits as a range, "up to", an exact number, or not offered', () => {
    expect(offeredLimits({ minimum: 1, maximum: 6 })).toEqual({ kind: 'range', minimum: 1, maximum: 6 });
    expect(offeredLimits({ minimum: 0, maximum: 6 })).toEqual({ kind: 'upTo', count: 6 });
    expect(offeredLimits({ minimum: 3, maximum: 3 })).toEqual({ kind: 'exactly', count: 3 });
    // 0/0: only a wish named the wine.
    expect(offeredLimits({ minimum: 0, maximum: 0 })).toEqual({ kind: 'notOffered' });
  });
});

describe('wishOutcome', () => {
  it('says a wish is waiting, declined, granted in full or in part', () => {
    expect(wishOutcome({ requested: 4, status: 'requested', granted: null })).toEqual({ kind: 'waiting', requested: 4 });
    expect(wishOutcome({ requested: 3, status: 'declined', granted: null })).toEqual({ kind: 'declined', requested: 3 });
    expect(wishOutcome({ requested: 6, status: 'granted', granted: 6 })).toEqual({ kind: 'granted', requested: 6 });
    expect(wishOutcome({ requested: 6, status: 'granted', granted: 5 })).toEqual({ kind: 'grantedInPart', requested: 6, granted: 5 });
  });

  it('takes a grant without a number as the whole request', () => {
    expect(wishOutcome({ requested: 2, status: 'granted', granted: null })).toEqual({ kind: 'granted', requested: 2 });
  });
});

describe('offeringOutcome and standingSummary', () => {
  it('leads with an order whether the offering is open or closed; closed without one is skipped', () => {
    expect(offeringOutcome(closed)).toBe('ordered');
    expect(offeringOutcome(openOrdered)).toBe('ordered');
    expect(offeringOutcome(openNothing)).toBe('notYet');
    expect(offeringOutcome(skipped)).toBe('skipped');
  });

  it('does not call skipped an offering that closed before the member\'s turn came, nor count it so', () => {
    expect(offeringOutcome(neverOpened)).toBe('closedBeforeTurn');
    expect(standingSummary([neverOpened, skipped, closed])).toEqual({ offerings: 3, ordered: 1, skipped: 1 });
  });

  it('counts the offerings, those ordered from and those skipped; an open one not yet ordered from is neither', () => {
    expect(standingSummary([openNothing, closed, skipped, skipped])).toEqual({ offerings: 4, ordered: 1, skipped: 2 });
    expect(standingSummary([])).toEqual({ offerings: 0, ordered: 0, skipped: 0 });
  });
});

describe('describeWindow', () => {
  it('gives the window as a range of days in UTC, as the site gives every date', () => {
    expect(describeWindow('2026-03-03T17:00:00.000Z', '2026-03-17T16:59:59.000Z')).toEqual({ kind: 'days', window: 'March 3\u2009–\u200917, 2026' });
    expect(describeWindow('2025-12-29T08:00:00.000Z', '2026-01-12T08:00:00.000Z')).toEqual({ kind: 'days', window: 'December 29, 2025\u2009–\u2009January 12, 2026' });
    // The last second of a day is still that day in UTC; one day is one date.
    expect(describeWindow('2026-03-03T00:00:00.000Z', '2026-03-03T23:59:59.000Z')).toEqual({ kind: 'days', window: 'March 3, 2026' });
  });

  it('names the opening that never came and the close before it, in UTC', () => {
    expect(describeWindow('2026-11-19T12:00:00.000Z', '2026-11-18T12:06:13.000Z')).toEqual({ kind: 'neverOpened', opening: 'November 19, 2026', closed: 'November 18, 2026' });
    // One millisecond before the opening is still before it.
    expect(describeWindow('2026-11-19T12:00:00.000Z', '2026-11-19T11:59:59.999Z')).toEqual({ kind: 'neverOpened', opening: 'November 19, 2026', closed: 'November 19, 2026' });
    // A window that opened, even for an instant, is a window.
    expect(describeWindow('2026-11-19T12:00:00.000Z', '2026-11-19T12:00:00.000Z')).toEqual({ kind: 'days', window: 'November 19, 2026' });
  });

  it('has nothing to say for a date it cannot read', () => {
    expect(describeWindow('not a date', '2026-03-17T00:00:00.000Z')).toBeNull();
  });
});

describe('rulesUnderSection', () => {
  it('moves the rules’ headings one level down, below the section’s own h2', () => {
    const html = '<h2>Our list</h2><p>Skip <strong>two</strong> in a row.</p><h3>Wishes</h3><h4>Small print</h4><hr />';
    expect(rulesUnderSection(html)).toBe('<h3>Our list</h3><p>Skip <strong>two</strong> in a row.</p><h4>Wishes</h4><h5>Small print</h5><hr />');
  });

  it('leaves text that only looks like a heading alone', () => {
    expect(rulesUnderSection('<p>&lt;h2&gt; is escaped</p>')).toBe('<p>&lt;h2&gt; is escaped</p>');
  });
});
