import { describe, expect, it } from 'vitest';
import { canAddBottles } from './add-bottles';

const wine = (overrides: { maximum?: number; ordered?: number; available?: boolean } = {}) =>
  ({ maximum: 6, ordered: 2, available: true, ...overrides }) as never;
const offering = (wines: never[], serverTime = '2026-11-25T10:00:00Z', closesAt = '2026-11-30T08:00:00Z') => ({ closesAt, serverTime, wines });
const now = new Date('2026-11-25T10:00:00Z');

describe('canAddBottles', () => {
  it('offers it while the offering is open and a wine has room under the maximum', () => {
    expect(canAddBottles({ offering: offering([wine({ maximum: 6, ordered: 6 }), wine({ maximum: 3, ordered: 2 })]), endDate: undefined, now })).toBe(true);
  });

  it('not when every wine is taken to its maximum, or the only room is in sold-out wines', () => {
    expect(canAddBottles({ offering: offering([wine({ maximum: 6, ordered: 6 }), wine({ maximum: 0, ordered: 0 })]), endDate: undefined, now })).toBe(false);
    expect(canAddBottles({ offering: offering([wine({ maximum: 6, ordered: 6 }), wine({ ordered: 0, available: false })]), endDate: undefined, now })).toBe(false);
  });

  it('not from the closing second on, by the server clock rather than the device', () => {
    const closesAt = '2026-11-25T10:00:00Z';
    expect(canAddBottles({ offering: offering([wine()], '2026-11-25T09:59:59Z', closesAt), endDate: undefined, now: new Date('2030-01-01') })).toBe(true);
    expect(canAddBottles({ offering: offering([wine()], closesAt, closesAt), endDate: undefined, now: new Date('2020-01-01') })).toBe(false);
  });

  it('before the offering answer, the window alone decides', () => {
    expect(canAddBottles({ endDate: '2026-11-30T08:00:00Z', now })).toBe(true);
    expect(canAddBottles({ endDate: '2026-11-25T09:00:00Z', now })).toBe(false);
    expect(canAddBottles({ endDate: undefined, now })).toBe(false);
  });
});
