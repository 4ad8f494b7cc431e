import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@winery/domain';
import { createMemoryStore, type KeyValueStore } from '../../../lib/session/storage';
import { clearCartId, readCartId, writeCartId } from './cart-storage';

describe('the stored cart id', () => {
  it('is kept under cartId and removed again', () => {
    const store = createMemoryStore();
    expect(readCartId(store)).toBeNull();
    writeCartId('cart-1', store);
    expect(store.getItem(STORAGE_KEYS.cartId)).toBe('cart-1');
    expect(readCartId(store)).toBe('cart-1');
    clearCartId(store);
    expect(readCartId(store)).toBeNull();
  });

  it('never throws from a store that refuses', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => writeCartId('cart-1', broken)).not.toThrow();
    expect(readCartId(broken)).toBeNull();
    expect(() => clearCartId(broken)).not.toThrow();
  });
});
