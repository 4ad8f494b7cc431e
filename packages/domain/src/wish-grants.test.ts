import { describe, expect, it } from 'vitest';
import { allocateWishGrants, type WishClaim } from './wish-grants.js';

const claim = (id: string, asked: number, requestedAt: string, memberSince: string | null = null, memberCreatedAt = '2020-01-01T00:00:00Z'): WishClaim => ({
  id,
  asked,
  requestedAt,
  memberSince,
  memberCreatedAt,
});
const grants = (map: Map<string, number>) => Object.fromEntries(map);

describe('allocateWishGrants, proRata', () => {
  it('grants everything asked when it fits exactly', () => {
    const claims = [claim('a', 3, '2026-01-01T00:00:00Z'), claim('b', 2, '2026-01-02T00:00:00Z')];
    expect(grants(allocateWishGrants(claims, 5, 'proRata'))).toEqual({ a: 3, b: 2 });
  });

  it('shares floor(left × asked / total) and gives the rest to the largest fractions', () => {
    // 10 × 6/12 = 5, 10 × 4/12 = 3.33, 10 × 2/12 = 1.67: floors 5+3+1 = 9, one left for c (.67).
    const claims = [claim('a', 6, '2026-01-01T00:00:00Z'), claim('b', 4, '2026-01-02T00:00:00Z'), claim('c', 2, '2026-01-03T00:00:00Z')];
    expect(grants(allocateWishGrants(claims, 10, 'proRata'))).toEqual({ a: 5, b: 3, c: 2 });
  });

  it('breaks equal fractions by the earliest request', () => {
    // 1 bottle, three equal wishes: each 1/3, the earliest request gets it.
    const claims = [claim('late', 2, '2026-01-03T00:00:00Z'), claim('early', 2, '2026-01-01T00:00:00Z'), claim('middle', 2, '2026-01-02T00:00:00Z')];
    expect(grants(allocateWishGrants(claims, 1, 'proRata'))).toEqual({ late: 0, early: 1, middle: 0 });
    expect(grants(allocateWishGrants(claims, 2, 'proRata'))).toEqual({ late: 0, early: 1, middle: 1 });
  });

  it('grants nothing with nothing left, and never more than left in total', () => {
    const claims = [claim('a', 7, '2026-01-01T00:00:00Z'), claim('b', 5, '2026-01-02T00:00:00Z')];
    expect(grants(allocateWishGrants(claims, 0, 'proRata'))).toEqual({ a: 0, b: 0 });
    for (let left = 0; left <= 13; left += 1) {
      const result = [...allocateWishGrants(claims, left, 'proRata').values()];
      expect(result.reduce((sum, n) => sum + n, 0)).toBe(Math.min(left, 12));
    }
  });
});

describe('allocateWishGrants, tenure', () => {
  it('serves the oldest members first, each up to what they asked', () => {
    const claims = [
      claim('new', 4, '2026-01-01T00:00:00Z', '2024-05-01'),
      claim('old', 4, '2026-01-05T00:00:00Z', '2010-05-01'),
      // No member-since date: the account's creation counts.
      claim('account', 4, '2026-01-02T00:00:00Z', null, '2015-01-01T00:00:00Z'),
    ];
    expect(grants(allocateWishGrants(claims, 6, 'tenure'))).toEqual({ old: 4, account: 2, new: 0 });
    expect(grants(allocateWishGrants(claims, 12, 'tenure'))).toEqual({ old: 4, account: 4, new: 4 });
  });

  it('breaks equal seniority by the earliest request', () => {
    const claims = [claim('second', 3, '2026-01-02T00:00:00Z', '2019-01-01'), claim('first', 3, '2026-01-01T00:00:00Z', '2019-01-01')];
    expect(grants(allocateWishGrants(claims, 4, 'tenure'))).toEqual({ first: 3, second: 1 });
  });
});
