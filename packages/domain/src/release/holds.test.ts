import { describe, expect, it } from 'vitest';
import {
  formatHoldCountdown,
  HoldInputSchema,
  holdExpiry,
  holdMilestoneReached,
  holdSecondsLeft,
  isHoldLive,
  isHoldMinutes,
} from './holds.js';

const now = new Date('2026-09-01T16:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60_000;

describe('isHoldMinutes', () => {
  it('takes 5 to 60 whole minutes, or null for no holds', () => {
    expect(isHoldMinutes(null)).toBe(true);
    expect(isHoldMinutes(5)).toBe(true);
    expect(isHoldMinutes(60)).toBe(true);
    expect(isHoldMinutes(4)).toBe(false);
    expect(isHoldMinutes(61)).toBe(false);
    expect(isHoldMinutes(0)).toBe(false);
    expect(isHoldMinutes(10.5)).toBe(false);
  });
});

describe('isHoldLive', () => {
  const hold = { expiresAt: at(10 * MINUTE).toISOString() };

  it('is live up to the millisecond before its expiry', () => {
    expect(isHoldLive(hold, now)).toBe(true);
    expect(isHoldLive(hold, at(10 * MINUTE - 1))).toBe(true);
  });

  it('is expired at the expiry instant and after', () => {
    expect(isHoldLive(hold, at(10 * MINUTE))).toBe(false);
    expect(isHoldLive(hold, at(10 * MINUTE + 1))).toBe(false);
  });

  it('is over once ended (ordered, released or replaced), whatever its expiry', () => {
    expect(isHoldLive({ ...hold, endedAt: now.toISOString() }, now)).toBe(false);
  });

  it('is not live with an unreadable expiry', () => {
    expect(isHoldLive({ expiresAt: 'soon' }, now)).toBe(false);
  });
});

describe('holdExpiry', () => {
  it('gives a new hold the offering’s minutes from now', () => {
    expect(holdExpiry({ now, minutes: 15 })).toEqual(at(15 * MINUTE));
    expect(holdExpiry({ now, minutes: 15, current: null })).toEqual(at(15 * MINUTE));
  });

  it('keeps a live hold’s expiry when it is replaced: holding again never extends it', () => {
    const current = { expiresAt: at(3 * MINUTE) };
    expect(holdExpiry({ now, minutes: 15, current })).toEqual(at(3 * MINUTE));
    expect(holdExpiry({ now: at(3 * MINUTE - 1), minutes: 15, current })).toEqual(at(3 * MINUTE));
  });

  it('starts afresh at the expiry instant of the last hold, or after it ended', () => {
    const current = { expiresAt: at(3 * MINUTE) };
    expect(holdExpiry({ now: at(3 * MINUTE), minutes: 5, current })).toEqual(at(8 * MINUTE));
    expect(holdExpiry({ now, minutes: 5, current: { ...current, endedAt: now } })).toEqual(at(5 * MINUTE));
  });

  it('refuses minutes outside 5–60', () => {
    expect(() => holdExpiry({ now, minutes: 4 })).toThrow(RangeError);
    expect(() => holdExpiry({ now, minutes: 61 })).toThrow(RangeError);
    expect(holdExpiry({ now, minutes: 60 })).toEqual(at(60 * MINUTE));
  });
});

describe('holdSecondsLeft', () => {
  const expiresAt = at(5 * MINUTE).toISOString();

  it('counts whole seconds, rounded up, down to 1 in the last second', () => {
    expect(holdSecondsLeft(expiresAt, now)).toBe(300);
    expect(holdSecondsLeft(expiresAt, at(1))).toBe(300);
    expect(holdSecondsLeft(expiresAt, at(5 * MINUTE - 1))).toBe(1);
  });

  it('is 0 at the expiry instant and after', () => {
    expect(holdSecondsLeft(expiresAt, at(5 * MINUTE))).toBe(0);
    expect(holdSecondsLeft(expiresAt, at(6 * MINUTE))).toBe(0);
    expect(holdSecondsLeft('never', now)).toBe(0);
  });
});

describe('formatHoldCountdown', () => {
  it('shows mm:ss', () => {
    expect(formatHoldCountdown(300)).toBe('05:00');
    expect(formatHoldCountdown(299)).toBe('04:59');
    expect(formatHoldCountdown(61)).toBe('01:01');
    expect(formatHoldCountdown(9)).toBe('00:09');
    expect(formatHoldCountdown(0)).toBe('00:00');
    expect(formatHoldCountdown(-3)).toBe('00:00');
    expect(formatHoldCountdown(3600)).toBe('60:00');
  });
});

describe('holdMilestoneReached', () => {
  it('reaches 5 minutes at 5:00 exactly, having been above it', () => {
    expect(holdMilestoneReached(301, 300)).toBe(5);
    expect(holdMilestoneReached(302, 301)).toBeNull();
    expect(holdMilestoneReached(300, 299)).toBeNull();
  });

  it('reaches 1 minute at 1:00', () => {
    expect(holdMilestoneReached(61, 60)).toBe(1);
    expect(holdMilestoneReached(60, 59)).toBeNull();
  });

  it('says the lowest milestone when a sleeping tab skips both', () => {
    expect(holdMilestoneReached(360, 40)).toBe(1);
  });

  it('announces nothing on the first reading or once the hold is over', () => {
    expect(holdMilestoneReached(null, 300)).toBeNull();
    expect(holdMilestoneReached(61, 0)).toBeNull();
  });
});

describe('HoldInputSchema', () => {
  it('needs the cart, takes a location, and names a bad id by field', () => {
    const cartId = '8d0f8a2e-4c57-4d2c-9c4e-2f1b3a6d7e90';
    expect(HoldInputSchema.safeParse({ cartId }).success).toBe(true);
    expect(HoldInputSchema.safeParse({ cartId, locationId: cartId }).success).toBe(true);
    const bad = HoldInputSchema.safeParse({ cartId, locationId: 'cellar' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['locationId'], message: 'invalidId' });
  });
});
