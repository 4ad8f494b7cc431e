import { STORAGE_KEYS } from '@winery/domain';

/** The part of the Web Storage API the session needs; tests pass plain objects. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PROBE_KEY = '__winery_storage_probe__';

/**
 * Returns the store if it can really be written. Merely reading `window.localStorage` throws in
 * some browsers when cookies are blocked, so the getter runs inside the try as well.
 */
export function probeStore(getStore: () => KeyValueStore | null | undefined): KeyValueStore | null {
  try {
    const store = getStore();
    if (!store) return null;
    store.setItem(PROBE_KEY, '1');
    store.removeItem(PROBE_KEY);
    return store;
  } catch {
    return null;
  }
}

export function createMemoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

export interface StoreResolverOptions {
  local: () => KeyValueStore | null | undefined;
  session: () => KeyValueStore | null | undefined;
  alert: (message: string) => void;
  message: string;
}

/**
 * Local storage first, then session storage (seed §5). When neither works the member is told once
 * (per page load) that cookies are disabled, and the session lives in memory so the visit still
 * works until the page is closed.
 */
export function createStoreResolver({ local, session, alert, message }: StoreResolverOptions) {
  let alerted = false;
  let memory: KeyValueStore | null = null;
  return function resolveStore(): KeyValueStore {
    const store = probeStore(local) ?? probeStore(session);
    if (store) return store;
    if (!alerted) {
      alerted = true;
      alert(message);
    }
    memory ??= createMemoryStore();
    return memory;
  };
}

export interface StoredSession {
  token: string | null;
  /** True when a token was found but its expiry had passed; the keys have been cleared. */
  expired: boolean;
}

/** Removes everything a session leaves in storage: token, expiry and the cart id. */
export function clearStoredSession(store: KeyValueStore): void {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.expiry, STORAGE_KEYS.cartId]) {
    try {
      store.removeItem(key);
    } catch {
      // A store that fails now has nothing we can clean up.
    }
  }
}

/**
 * Reads the token, checking its expiry on the way. A token whose expiry is before now, missing or
 * unreadable is treated as expired and cleared with the cart id.
 */
export function readStoredSession(store: KeyValueStore, now: number = Date.now()): StoredSession {
  const token = store.getItem(STORAGE_KEYS.token);
  if (!token) return { token: null, expired: false };
  const expiry = Number(store.getItem(STORAGE_KEYS.expiry));
  if (!Number.isFinite(expiry) || expiry <= 0 || expiry < now) {
    clearStoredSession(store);
    return { token: null, expired: true };
  }
  return { token, expired: false };
}

/** Stores a new token with its expiry (a number string, ms since the epoch). */
export function writeStoredSession(store: KeyValueStore, token: string, ttlMs: number, now: number = Date.now()): void {
  store.setItem(STORAGE_KEYS.token, token);
  store.setItem(STORAGE_KEYS.expiry, String(now + ttlMs));
}
