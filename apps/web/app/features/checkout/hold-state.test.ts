import { describe, expect, it } from 'vitest';
import type { KnownHold } from '../offering/hold.api';
import { heldSecondsLeft, needsHoldElsewhere, wantedHoldPlace } from './hold-state';

const ROOM = '2c1f7a3e-5b7d-4e0a-9a61-3f2b8c9d0e11';
const CELLAR = '7a0d3c5e-1f2b-4c6d-8e9f-0a1b2c3d4e5f';
const serverNow = Date.parse('2026-09-01T16:00:00.000Z');
// This device's clock runs 90 s behind the server's.
const deviceNow = serverNow - 90_000;

function known(overrides: { expiresInMs?: number; locationId?: string; requested?: string | null; held?: boolean } = {}): KnownHold {
  const { expiresInMs = 5 * 60_000, locationId = CELLAR, requested = 'shipping', held = true } = overrides;
  return {
    answer: {
      hold: held ? { expiresAt: new Date(serverNow + expiresInMs).toISOString(), locationId, lines: [] } : null,
      serverTime: new Date(serverNow).toISOString(),
    },
    receivedAt: deviceNow,
    requested,
  };
}

describe('wantedHoldPlace', () => {
  it('is shipping, the chosen pick-up location, or nothing yet', () => {
    expect(wantedHoldPlace({ method: 'shipping', locationId: ROOM })).toBe('shipping');
    expect(wantedHoldPlace({ method: 'pickup', locationId: ROOM })).toBe(ROOM);
    expect(wantedHoldPlace({ method: 'pickup', locationId: null })).toBeNull();
    expect(wantedHoldPlace({ method: null, locationId: ROOM })).toBeNull();
  });
});

describe('heldSecondsLeft', () => {
  it('counts on the server’s clock, not the device’s', () => {
    expect(heldSecondsLeft(known(), deviceNow)).toBe(300);
    expect(heldSecondsLeft(known(), deviceNow + 299_500)).toBe(1);
    expect(heldSecondsLeft(known(), deviceNow + 300_000)).toBe(0);
  });

  it('is null without a hold', () => {
    expect(heldSecondsLeft(undefined, deviceNow)).toBeNull();
    expect(heldSecondsLeft(known({ held: false }), deviceNow)).toBeNull();
  });
});

describe('needsHoldElsewhere', () => {
  it('moves a live hold to a newly chosen pick-up location, and back to shipping', () => {
    expect(needsHoldElsewhere(known(), ROOM, deviceNow)).toBe(true);
    expect(needsHoldElsewhere(known({ requested: ROOM, locationId: ROOM }), 'shipping', deviceNow)).toBe(true);
  });

  it('leaves a hold where it was asked for', () => {
    expect(needsHoldElsewhere(known(), 'shipping', deviceNow)).toBe(false);
    expect(needsHoldElsewhere(known({ requested: ROOM, locationId: ROOM }), ROOM, deviceNow)).toBe(false);
  });

  it('reads a hold only read by its location', () => {
    expect(needsHoldElsewhere(known({ requested: null, locationId: ROOM }), ROOM, deviceNow)).toBe(false);
    expect(needsHoldElsewhere(known({ requested: null, locationId: CELLAR }), ROOM, deviceNow)).toBe(true);
    expect(needsHoldElsewhere(known({ requested: null, locationId: ROOM }), 'shipping', deviceNow)).toBe(false);
  });

  it('never holds again by itself once the hold has ended, nor without a hold or a place', () => {
    expect(needsHoldElsewhere(known(), ROOM, deviceNow + 300_000)).toBe(false);
    expect(needsHoldElsewhere(known({ held: false }), ROOM, deviceNow)).toBe(false);
    expect(needsHoldElsewhere(undefined, ROOM, deviceNow)).toBe(false);
    expect(needsHoldElsewhere(known(), null, deviceNow)).toBe(false);
  });
});
