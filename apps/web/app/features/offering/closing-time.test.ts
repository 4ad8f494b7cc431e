import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '@winery/domain';
import { remainingMs, timeLeft, untilNextChange } from './closing-time';

describe('the closing countdown', () => {
  it('shows only in the last 48 hours of an open offering', () => {
    expect(timeLeft(48 * HOUR_MS)).toBeNull();
    expect(timeLeft(48 * HOUR_MS - 1)).toEqual({ hours: 48, minutes: 0 });
    expect(timeLeft(48 * HOUR_MS - MINUTE_MS)).toEqual({ hours: 47, minutes: 59 });
    expect(timeLeft(0)).toBeNull();
    expect(timeLeft(-5 * MINUTE_MS)).toBeNull();
    expect(timeLeft(Number.NaN)).toBeNull();
  });

  it('counts whole minutes, rounded up, so the last seconds still read "1 min"', () => {
    expect(timeLeft(5 * HOUR_MS + 12 * MINUTE_MS)).toEqual({ hours: 5, minutes: 12 });
    expect(timeLeft(5 * HOUR_MS + 11 * MINUTE_MS + SECOND_MS)).toEqual({ hours: 5, minutes: 12 });
    expect(timeLeft(38 * MINUTE_MS)).toEqual({ hours: 0, minutes: 38 });
    expect(timeLeft(59 * MINUTE_MS + 30 * SECOND_MS)).toEqual({ hours: 1, minutes: 0 });
    expect(timeLeft(1)).toEqual({ hours: 0, minutes: 1 });
  });

  it('changes on the minute: the next update is when the next whole minute is reached', () => {
    expect(untilNextChange(5 * MINUTE_MS + 20 * SECOND_MS)).toBe(20 * SECOND_MS);
    expect(untilNextChange(5 * MINUTE_MS)).toBe(MINUTE_MS);
    expect(untilNextChange(0)).toBe(MINUTE_MS);
  });

  it("counts by the server's clock, not the device's", () => {
    const closesAt = '2026-06-01T12:00:00.000Z';
    const server = Date.parse('2026-06-01T07:00:00.000Z');
    // A device three hours fast read the offering when the server said 07:00.
    const device = server + 3 * HOUR_MS;
    const offset = server - device;
    expect(remainingMs(closesAt, device, offset)).toBe(5 * HOUR_MS);
    expect(remainingMs(closesAt, device + 12 * MINUTE_MS, offset)).toBe(5 * HOUR_MS - 12 * MINUTE_MS);
  });
});
