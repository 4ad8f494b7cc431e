import { describe, expect, it } from 'vitest';
import { getAllocationStatus } from './allocation-status.js';
import { ALLOCATION_GRACE_MS, SESSION_TTL_MS } from './constants.js';

const start = new Date('2026-03-01T00:00:00.000Z');
const end = new Date('2026-03-31T23:59:59.000Z');
const at = (ms: number) => new Date(ms);
const allocation = (pendingOrders: unknown[] = []) => ({
  id: 'a1',
  startDate: start.toISOString(),
  endDate: end.toISOString(),
  pendingOrders,
});

describe('getAllocationStatus', () => {
  it('is account-info without an allocation or its id', () => {
    expect(getAllocationStatus(undefined, start)).toBe('account-info');
    expect(getAllocationStatus(null, start)).toBe('account-info');
    expect(getAllocationStatus({ ...allocation(), id: '' }, start)).toBe('account-info');
    expect(getAllocationStatus({ ...allocation(), id: null }, start)).toBe('account-info');
  });

  it('is account-info the millisecond before the window opens', () => {
    expect(getAllocationStatus(allocation(), at(start.getTime() - 1))).toBe('account-info');
  });

  it('is offering from the first to the last instant of the window', () => {
    expect(getAllocationStatus(allocation(), start)).toBe('offering');
    expect(getAllocationStatus(allocation(), end)).toBe('offering');
  });

  it('is thank-you inside the window once an order is pending', () => {
    expect(getAllocationStatus(allocation([{ id: 'o1' }]), start)).toBe('thank-you');
    expect(getAllocationStatus(allocation([{ id: 'o1' }]), end)).toBe('thank-you');
  });

  it('is allocation-expired after the end, through the last instant of the 30-day grace', () => {
    expect(getAllocationStatus(allocation(), at(end.getTime() + 1))).toBe('allocation-expired');
    expect(getAllocationStatus(allocation(), at(end.getTime() + ALLOCATION_GRACE_MS))).toBe(
      'allocation-expired',
    );
  });

  it('keeps thank-you through the grace window when an order is pending', () => {
    expect(getAllocationStatus(allocation([{}]), at(end.getTime() + ALLOCATION_GRACE_MS))).toBe(
      'thank-you',
    );
  });

  it('is account-info one millisecond after the grace window, ordered or not', () => {
    const after = at(end.getTime() + ALLOCATION_GRACE_MS + 1);
    expect(getAllocationStatus(allocation(), after)).toBe('account-info');
    expect(getAllocationStatus(allocation([{}]), after)).toBe('account-info');
  });

  it('measures the grace window as exactly 30 days', () => {
    expect(ALLOCATION_GRACE_MS).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('accepts Date instances and rejects unreadable dates', () => {
    expect(getAllocationStatus({ id: 'a', startDate: start, endDate: end }, start)).toBe('offering');
    expect(getAllocationStatus({ id: 'a', startDate: 'soon', endDate: end }, start)).toBe(
      'account-info',
    );
  });
});

describe('session constants', () => {
  it('keeps a session for 90 days, 7 776 000 000 ms', () => {
    expect(SESSION_TTL_MS).toBe(7_776_000_000);
  });
});
