import { useSyncExternalStore } from 'react';
import { STAFF_SESSION_TTL_MS } from '@winery/domain';
import { getStore } from '../../lib/session/browser-store';

/**
 * The staff token lives under keys of its own: the members' area reads `token`, the console
 * `staffToken`, so a member's token never opens the console and the staff token never stands in
 * for a member. Same storage choice as the members' (local, then session, then memory).
 */
export const STAFF_STORAGE_KEYS = { token: 'staffToken', expiry: 'staffTokenExpiry' } as const;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readStaffToken(now: number = Date.now()): string | null {
  if (typeof window === 'undefined') return null;
  const store = getStore();
  const token = store.getItem(STAFF_STORAGE_KEYS.token);
  if (!token) return null;
  const expiry = Number(store.getItem(STAFF_STORAGE_KEYS.expiry));
  if (!Number.isFinite(expiry) || expiry < now) {
    clearStaffToken();
    return null;
  }
  return token;
}

export function writeStaffToken(token: string, now: number = Date.now()): void {
  const store = getStore();
  store.setItem(STAFF_STORAGE_KEYS.token, token);
  store.setItem(STAFF_STORAGE_KEYS.expiry, String(now + STAFF_SESSION_TTL_MS));
  notify();
}

export function clearStaffToken(): void {
  const store = getStore();
  const had = store.getItem(STAFF_STORAGE_KEYS.token) !== null;
  store.removeItem(STAFF_STORAGE_KEYS.token);
  store.removeItem(STAFF_STORAGE_KEYS.expiry);
  if (had) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STAFF_STORAGE_KEYS.token || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The staff token as it changes (sign-in, sign-out, a 401, another tab). */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribe, readStaffToken, () => null);
}
