import { describe, expect, it } from 'vitest';
import { diffRecords, fieldLabel, type ValueWords } from './audit-diff';

describe('diffRecords', () => {
  it('lists the changed fields first, by dotted path, then the unchanged ones', () => {
    const rows = diffRecords(
      { status: 'placed', carrier: null, member: { email: 'a@example.com' }, lines: [{ quantity: 2 }] },
      { status: 'shipped', carrier: 'UPS', member: { email: 'a@example.com' }, lines: [{ quantity: 2 }] },
    );
    expect(rows).toEqual([
      { path: 'status', before: 'placed', after: 'shipped', changed: true },
      { path: 'carrier', before: '', after: 'UPS', changed: true },
      { path: 'member.email', before: 'a@example.com', after: 'a@example.com', changed: false },
      { path: 'lines.0.quantity', before: '2', after: '2', changed: false },
    ]);
  });

  it('reads a creation (no before) and a deletion (no after) as every field changed', () => {
    expect(diffRecords(null, { name: 'Gold', rank: 1 })).toEqual([
      { path: 'name', before: '', after: 'Gold', changed: true },
      { path: 'rank', before: '', after: '1', changed: true },
    ]);
    expect(diffRecords({ name: 'Gold' }, null)).toEqual([{ path: 'name', before: 'Gold', after: '', changed: true }]);
  });

  it('names a field that appears or goes, and keeps an emptied list as one field', () => {
    expect(diffRecords({ tags: ['a'], note: 'x' }, { tags: [] })).toEqual([
      { path: 'tags.0', before: 'a', after: '', changed: true },
      { path: 'note', before: 'x', after: '', changed: true },
      { path: 'tags', before: '', after: '[]', changed: true },
    ]);
  });
});

describe('fieldLabel', () => {
  it("says a field's name in words, each level of its path after the last, a list's items counted from 1", () => {
    expect(['trackingNumber', 'tierId', 'order_minimum_cents', 'lines.0.maximum', 'address.zipCode', 'metaData.imageUrl', 'id', '0'].map(fieldLabel)).toEqual([
      'Tracking number',
      'Tier ID',
      'Order minimum cents',
      'Lines 1 › Maximum',
      'Address › Zip code',
      'Meta data › Image URL',
      'ID',
      '0',
    ]);
  });
});

describe('diffRecords in words', () => {
  const words: ValueWords = { cents: (cents) => `$${(cents / 100).toFixed(2)}`, instant: (iso) => `at ${iso.slice(0, 10)}`, yes: 'Yes', no: 'No' };

  it('writes coded values, money, instants and yes or no as staff read them, and tells a change from the values as stored', () => {
    const rows = diffRecords(
      { status: 'processing', totalCents: 100625, shippedAt: null, active: true, placedAt: '2026-12-07T11:03:30.222Z', note: '2026-12-07', rank: 3 },
      { status: 'shipped', totalCents: 100625, shippedAt: '2026-12-08T09:00:00.000Z', active: false, placedAt: '2026-12-07T11:03:30.222Z', note: '2026-12-07', rank: 3 },
      { ...words, coded: (path, value) => (path === 'status' ? value.toUpperCase() : undefined) },
    );
    expect(rows).toEqual([
      { path: 'status', before: 'PROCESSING', after: 'SHIPPED', changed: true },
      { path: 'shippedAt', before: '', after: 'at 2026-12-08', changed: true },
      { path: 'active', before: 'Yes', after: 'No', changed: true },
      { path: 'totalCents', before: '$1006.25', after: '$1006.25', changed: false },
      { path: 'placedAt', before: 'at 2026-12-07', after: 'at 2026-12-07', changed: false },
      // A date without a time is a date, and a number not in cents a number.
      { path: 'note', before: '2026-12-07', after: '2026-12-07', changed: false },
      { path: 'rank', before: '3', after: '3', changed: false },
    ]);
  });
});
