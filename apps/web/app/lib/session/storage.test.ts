import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@winery/domain';
import {
  clearStoredSession,
  createMemoryStore,
  createStoreResolver,
  readStoredSession,
  writeStoredSession,
  type KeyValueStore,
} from './storage';

const MESSAGE = 'It appears cookies are disabled in your browser. Please enable cookies to access your allocation.';

/** A storage that refuses every write, as Safari's private mode used to. */
const brokenStore = (): KeyValueStore => ({
  getItem: () => null,
  setItem: () => {
    throw new DOMException('QuotaExceededError');
  },
  removeItem: () => undefined,
});

const throwingGetter = () => {
  throw new DOMException('SecurityError');
};

describe('createStoreResolver', () => {
  it('uses local storage when it can be written', () => {
    const local = createMemoryStore();
    const session = createMemoryStore();
    const alert = vi.fn();
    const resolve = createStoreResolver({ local: () => local, session: () => session, alert, message: MESSAGE });
    expect(resolve()).toBe(local);
    expect(alert).not.toHaveBeenCalled();
  });

  it('falls back to session storage when local storage refuses writes', () => {
    const session = createMemoryStore();
    const alert = vi.fn();
    const resolve = createStoreResolver({ local: brokenStore, session: () => session, alert, message: MESSAGE });
    expect(resolve()).toBe(session);
    expect(alert).not.toHaveBeenCalled();
  });

  it('falls back to session storage when reading window.localStorage itself throws', () => {
    const session = createMemoryStore();
    const resolve = createStoreResolver({ local: throwingGetter, session: () => session, alert: vi.fn(), message: MESSAGE });
    expect(resolve()).toBe(session);
  });

  it('alerts once when neither works and keeps the session in memory', () => {
    const alert = vi.fn();
    const resolve = createStoreResolver({ local: throwingGetter, session: brokenStore, alert, message: MESSAGE });
    const first = resolve();
    first.setItem(STORAGE_KEYS.token, 'a.b.c');
    const second = resolve();
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(MESSAGE);
    expect(second).toBe(first);
    expect(second.getItem(STORAGE_KEYS.token)).toBe('a.b.c');
  });

  it('leaves no probe key behind', () => {
    const local = createMemoryStore();
    const setItem = vi.spyOn(local, 'setItem');
    createStoreResolver({ local: () => local, session: () => null, alert: vi.fn(), message: MESSAGE })();
    const probeKey = setItem.mock.calls[0]![0];
    expect(local.getItem(probeKey)).toBeNull();
  });
});

describe('stored session', () => {
  const now = Date.UTC(2026, 0, 1);

  it('writes the token and its expiry as a number string', () => {
    const store = createMemoryStore();
    writeStoredSession(store, 'a.b.c', 7_776_000_000, now);
    expect(store.getItem(STORAGE_KEYS.token)).toBe('a.b.c');
    expect(store.getItem(STORAGE_KEYS.expiry)).toBe(String(now + 7_776_000_000));
  });

  it('reads a token whose expiry is still ahead', () => {
    const store = createMemoryStore();
    writeStoredSession(store, 'a.b.c', 1000, now);
    expect(readStoredSession(store, now + 1000)).toEqual({ token: 'a.b.c', expired: false });
  });

  it('clears token, expiry and cartId once the expiry has passed', () => {
    const store = createMemoryStore();
    writeStoredSession(store, 'a.b.c', 1000, now);
    store.setItem(STORAGE_KEYS.cartId, 'cart-1');
    expect(readStoredSession(store, now + 1001)).toEqual({ token: null, expired: true });
    expect(store.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(store.getItem(STORAGE_KEYS.expiry)).toBeNull();
    expect(store.getItem(STORAGE_KEYS.cartId)).toBeNull();
  });

  it('treats a token without a readable expiry as expired', () => {
    const store = createMemoryStore();
    store.setItem(STORAGE_KEYS.token, 'a.b.c');
    store.setItem(STORAGE_KEYS.expiry, 'soon');
    expect(readStoredSession(store, now).expired).toBe(true);
    expect(store.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('reports no session when there is no token', () => {
    expect(readStoredSession(createMemoryStore(), now)).toEqual({ token: null, expired: false });
  });

  it('clears the session keys and nothing else', () => {
    const store = createMemoryStore();
    writeStoredSession(store, 'a.b.c', 1000, now);
    store.setItem('other', 'kept');
    clearStoredSession(store);
    expect(store.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(store.getItem('other')).toBe('kept');
  });
});
