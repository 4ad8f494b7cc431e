import { describe, expect, it } from 'vitest';
import { diffRecords } from './audit-diff';

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
