import { describe, expect, it } from 'vitest';
import {
  advance,
  aheadOf,
  estimateAdmissionAt,
  isAdmitted,
  joinedBeforeOpening,
  queueOrder,
  waitingRoomState,
  type QueueEntry,
} from './waiting-room.js';

const opensAt = new Date('2026-12-01T17:00:00.000Z');
const at = (seconds: number) => new Date(opensAt.getTime() + seconds * 1000);

describe('queueOrder', () => {
  const order = queueOrder(opensAt);
  const entry = (id: string, joinedSeconds: number, lottery: number): QueueEntry => ({ id, joinedAt: at(joinedSeconds), lottery });

  it('orders everyone who joined before the opening by lottery, whenever they came', () => {
    const early = entry('a', -3600, 0.9);
    const late = entry('b', -1, 0.1);
    expect([early, late].sort(order).map((e) => e.id)).toEqual(['b', 'a']);
  });

  it('puts those who joined after the opening behind the draw, by arrival', () => {
    const drawnLast = entry('a', -10, 0.99);
    const firstAfter = entry('b', 5, 0.01);
    const secondAfter = entry('c', 6, 0.0);
    expect([secondAfter, firstAfter, drawnLast].sort(order).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('counts the opening instant itself as after the opening', () => {
    expect(joinedBeforeOpening({ joinedAt: at(-0.001) }, opensAt)).toBe(true);
    expect(joinedBeforeOpening({ joinedAt: opensAt }, opensAt)).toBe(false);
  });

  it('breaks equal keys by id, so every instance sees one order', () => {
    expect(order(entry('a', -5, 0.5), entry('b', -9, 0.5))).toBeLessThan(0);
    expect(order(entry('b', 3, 0.1), entry('a', 3, 0.9))).toBeGreaterThan(0);
  });
});

describe('advance', () => {
  const base = { admitted: 0, advancedAt: null, opensAt, perMinute: 60, waiting: 100 };

  it('admits nobody before or at the opening instant', () => {
    expect(advance({ ...base, now: at(-30) })).toEqual({ admitted: 0, advancedAt: null });
    expect(advance({ ...base, now: opensAt })).toEqual({ admitted: 0, advancedAt: null });
  });

  it('admits one a second at 60 a minute, from the opening', () => {
    expect(advance({ ...base, now: at(0.999) })).toEqual({ admitted: 0, advancedAt: null });
    expect(advance({ ...base, now: at(1) })).toEqual({ admitted: 1, advancedAt: at(1) });
    expect(advance({ ...base, now: at(10) })).toEqual({ admitted: 10, advancedAt: at(10) });
  });

  it('keeps the fraction of a member for the next advance', () => {
    const first = advance({ ...base, now: at(1.5) });
    expect(first).toEqual({ admitted: 1, advancedAt: at(1) });
    const second = advance({ ...base, ...first, now: at(2) });
    expect(second).toEqual({ admitted: 2, advancedAt: at(2) });
    // 7 a minute: one every 8.571… s; two admitted after 18 s, the rest of the 18 s carried.
    const slow = advance({ ...base, perMinute: 7, now: at(18) });
    expect(slow.admitted).toBe(2);
    expect(slow.advancedAt!.getTime()).toBe(opensAt.getTime() + Math.floor((2 * 60_000) / 7));
    expect(advance({ ...base, perMinute: 7, ...slow, now: at(25.72) }).admitted).toBe(3);
  });

  it('never admits beyond the members in the room, and then moves to now (no capacity piles up)', () => {
    const capped = advance({ ...base, waiting: 3, now: at(600) });
    expect(capped).toEqual({ admitted: 3, advancedAt: at(600) });
    // A crowd arriving later still queues at the rate, not all at once.
    const later = advance({ ...base, ...capped, waiting: 50, now: at(605) });
    expect(later).toEqual({ admitted: 8, advancedAt: at(605) });
    // Nobody waiting: the clock moves on, the count does not.
    expect(advance({ ...base, admitted: 3, advancedAt: at(10), waiting: 3, now: at(20) })).toEqual({ admitted: 3, advancedAt: at(20) });
  });

  it('counts from the opening when the room was last advanced before it', () => {
    expect(advance({ ...base, advancedAt: at(-600), now: at(5) })).toEqual({ admitted: 5, advancedAt: at(5) });
  });

  it('a rate change mid-way: the old rate up to the change, the new one after it', () => {
    const atChange = advance({ ...base, now: at(30) });
    expect(atChange.admitted).toBe(30);
    const after = advance({ ...base, ...atChange, perMinute: 6, now: at(60) });
    expect(after).toEqual({ admitted: 33, advancedAt: at(60) });
  });

  it('answers the same state when nothing is due', () => {
    const state = { admitted: 4, advancedAt: at(4) };
    expect(advance({ ...base, ...state, now: at(4.5) })).toEqual(state);
    expect(advance({ ...base, ...state, now: at(3) })).toEqual(state);
  });
});

describe('position maths', () => {
  it('is 1-based and through once within the admitted count', () => {
    expect(isAdmitted(1, 0)).toBe(false);
    expect(isAdmitted(1, 1)).toBe(true);
    expect(isAdmitted(5, 4)).toBe(false);
    expect(isAdmitted(0, 4)).toBe(false);
  });

  it('counts the members still ahead', () => {
    expect(aheadOf(1, 0)).toBe(0);
    expect(aheadOf(10, 3)).toBe(6);
    expect(aheadOf(3, 10)).toBe(0);
  });
});

describe('estimateAdmissionAt', () => {
  const base = { admitted: 0, advancedAt: null, opensAt, perMinute: 60 };

  it('gives the instant the position comes up at the rate', () => {
    expect(estimateAdmissionAt({ ...base, position: 10, now: at(2) })).toEqual(at(10));
    expect(estimateAdmissionAt({ ...base, position: 10, admitted: 4, advancedAt: at(4.2), now: at(4.5) })).toEqual(at(10.2));
    expect(estimateAdmissionAt({ ...base, perMinute: 2, position: 3, now: at(1) })).toEqual(at(90));
  });

  it('is now for a member through, and never in the past', () => {
    expect(estimateAdmissionAt({ ...base, position: 2, admitted: 3, now: at(9) })).toEqual(at(9));
    expect(estimateAdmissionAt({ ...base, position: 5, admitted: 3, advancedAt: at(1), now: at(60) })).toEqual(at(60));
  });
});

describe('waitingRoomState', () => {
  const base = { perMinute: 60, joined: true, position: 3, admitted: 0, opensAt };

  it('has no room without an admission rate', () => {
    expect(waitingRoomState({ ...base, perMinute: null, now: at(-5) })).toBe('no-room');
  });

  it('waits before the opening whatever the count, and until the position comes up', () => {
    expect(waitingRoomState({ ...base, joined: false, now: at(5) })).toBe('not-joined');
    expect(waitingRoomState({ ...base, position: null, now: at(-5) })).toBe('waiting');
    expect(waitingRoomState({ ...base, admitted: 5, now: opensAt })).toBe('waiting');
    expect(waitingRoomState({ ...base, admitted: 2, now: at(2) })).toBe('waiting');
    expect(waitingRoomState({ ...base, admitted: 3, now: at(3) })).toBe('admitted');
  });
});
