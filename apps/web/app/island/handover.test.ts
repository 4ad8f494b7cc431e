import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../lib/session/storage';
import { HANDOVER_KEY, HANDOVER_TTL_MS, handOver, pagePath, takeHandover } from './handover';

const ORIGIN = 'https://wine.example';
const at = (pathname: string, search = '') => ({ pathname, search });

describe('handing state and toasts to the next page', () => {
  it('gives the page it was left for its state and toasts, once', () => {
    const store = createMemoryStore();
    const toasts = [{ kind: 'success' as const, title: 'Sent.', description: 'Look in your inbox.', duration: 2_400 }];
    handOver('/forgot-password-success', { state: { email: 'ada@example.com' }, toasts }, { store, origin: ORIGIN, now: 1_000 });
    expect(takeHandover(at('/forgot-password-success'), { store, now: 1_500 })).toEqual({ state: { email: 'ada@example.com' }, toasts });
    expect(takeHandover(at('/forgot-password-success'), { store, now: 1_600 })).toBeNull();
  });

  it('is for one address: another page leaves it for the page it was meant for', () => {
    const store = createMemoryStore();
    handOver('/magic-link/abc?x=1#top', { state: { email: 'a@b.c' }, toasts: [] }, { store, origin: ORIGIN, now: 0 });
    expect(takeHandover(at('/magic-link/abc'), { store, now: 10 })).toBeNull();
    expect(takeHandover(at('/team'), { store, now: 10 })).toBeNull();
    expect(takeHandover(at('/magic-link/abc', '?x=1'), { store, now: 10 })).toEqual({ state: { email: 'a@b.c' }, toasts: [] });
  });

  it('is forgotten after half a minute, or when it was written in the future', () => {
    const store = createMemoryStore();
    handOver('/allocation-request', { state: { firstName: 'Ada' }, toasts: [] }, { store, origin: ORIGIN, now: 0 });
    expect(takeHandover(at('/allocation-request'), { store, now: HANDOVER_TTL_MS + 1 })).toBeNull();
    expect(store.getItem(HANDOVER_KEY)).toBeNull();
    handOver('/allocation-request', { state: { firstName: 'Ada' }, toasts: [] }, { store, origin: ORIGIN, now: 60_000 });
    expect(takeHandover(at('/allocation-request'), { store, now: 0 })).toBeNull();
  });

  it('writes nothing when there is nothing to say, and clears what an earlier page left', () => {
    const store = createMemoryStore();
    handOver('/a', { state: { x: 1 }, toasts: [] }, { store, origin: ORIGIN, now: 0 });
    handOver('/b', { state: undefined, toasts: [] }, { store, origin: ORIGIN, now: 0 });
    expect(store.getItem(HANDOVER_KEY)).toBeNull();
  });

  it('never leaves anything for another site', () => {
    const store = createMemoryStore();
    handOver('https://elsewhere.example/login', { state: { email: 'a@b.c' }, toasts: [] }, { store, origin: ORIGIN, now: 0 });
    expect(store.getItem(HANDOVER_KEY)).toBeNull();
    expect(pagePath('/login?redirectTo=%2Fprofile#x', ORIGIN)).toBe('/login?redirectTo=%2Fprofile');
    expect(pagePath('https://elsewhere.example/', ORIGIN)).toBeNull();
  });

  it('shows only well-formed toasts, and survives what it cannot read', () => {
    const store = createMemoryStore();
    store.setItem(
      HANDOVER_KEY,
      JSON.stringify({ to: '/login', at: 0, state: null, toasts: [{ kind: 'success', title: 'Fine' }, { kind: 'evil', title: 'x' }, { kind: 'error', title: 1 }, { kind: 'info', title: 'Negative', duration: -5 }] }),
    );
    expect(takeHandover(at('/login'), { store, now: 1 })).toEqual({ state: undefined, toasts: [{ kind: 'success', title: 'Fine' }] });
    store.setItem(HANDOVER_KEY, '{not json');
    expect(takeHandover(at('/login'), { store, now: 1 })).toBeNull();
    expect(store.getItem(HANDOVER_KEY)).toBeNull();
    expect(takeHandover(at('/login'), { store: null })).toBeNull();
  });
});
