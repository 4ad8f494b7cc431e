import { describe, expect, it } from 'vitest';
import { countdownParts, estimateWords, secondsUntil, serverNow } from './waiting-room-time';
import { pollDelayMs } from './waiting-room.api';

describe('waiting room time', () => {
  it('reads the server\'s time as its last answer plus the device\'s time since, never before the answer', () => {
    const readAt = 1_000_000;
    expect(serverNow(readAt + 2_500, readAt, '2026-11-28T10:00:00.000Z')).toBe(Date.parse('2026-11-28T10:00:02.500Z'));
    expect(serverNow(readAt, readAt, '2026-11-28T10:00:00.000Z')).toBe(Date.parse('2026-11-28T10:00:00.000Z'));
    // The page's tick read the device's clock before the answer came: the answer's time stands.
    expect(serverNow(readAt - 4_000, readAt, '2026-11-28T10:00:00.000Z')).toBe(Date.parse('2026-11-28T10:00:00.000Z'));
  });


  it('counts down whole seconds by the clock given, never below zero', () => {
    expect(secondsUntil('2026-12-01T17:00:00.000Z', Date.parse('2026-12-01T16:59:58.200Z'))).toBe(2);
    expect(secondsUntil('2026-12-01T17:00:00.000Z', Date.parse('2026-12-01T17:00:01.000Z'))).toBe(0);
    expect(countdownParts(93_784)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
  });

  it('says the estimate in rounded-up minutes, "soon" under one', () => {
    expect(estimateWords(59)).toEqual({ unit: 'soon' });
    expect(estimateWords(60)).toEqual({ unit: 'minutes', count: 1 });
    expect(estimateWords(121)).toEqual({ unit: 'minutes', count: 3 });
    expect(estimateWords(3 * 3600)).toEqual({ unit: 'hours', count: 3 });
  });

  it('polls every 4 to 6 s', () => {
    expect(pollDelayMs(() => 0)).toBe(4_000);
    expect(pollDelayMs(() => 1)).toBe(6_000);
  });
});
