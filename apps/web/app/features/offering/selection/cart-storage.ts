import { STORAGE_KEYS } from '@winery/domain';
import { getStore } from '../../../lib/session/browser-store';
import type { KeyValueStore } from '../../../lib/session/storage';

/**
 * The member's cart id lives beside the session (seed §3: `cartId`), in the same store (local
 * storage first, then session storage); signing out or an expired session removes it.
 */
export function readCartId(store: KeyValueStore = getStore()): string | null {
  try {
    return store.getItem(STORAGE_KEYS.cartId) || null;
  } catch {
    return null;
  }
}

export function writeCartId(cartId: string, store: KeyValueStore = getStore()): void {
  try {
    store.setItem(STORAGE_KEYS.cartId, cartId);
  } catch {
    // The store resolver already told the member once that storage is off; the cart still works
    // for this visit through the query cache.
  }
}

export function clearCartId(store: KeyValueStore = getStore()): void {
  try {
    store.removeItem(STORAGE_KEYS.cartId);
  } catch {
    // Nothing to clean up in a store that cannot be used.
  }
}
