import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../session/storage';
import { CHUNK_RELOAD_WINDOW_MS, claimReload, forgetReload, isChunkLoadError } from './chunk-reload';

describe('reloading after a chunk-load failure', () => {
  it('reloads a path once, then refuses within the window', () => {
    const store = createMemoryStore();
    expect(claimReload(store, '/philosophy', 1_000)).toBe(true);
    expect(claimReload(store, '/philosophy', 2_000)).toBe(false);
    expect(claimReload(store, '/team', 2_000)).toBe(true);
  });

  it('allows another reload after the window, or once the page rendered fine', () => {
    const store = createMemoryStore();
    claimReload(store, '/philosophy', 0);
    expect(claimReload(store, '/philosophy', CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true);
    forgetReload(store, '/philosophy');
    expect(claimReload(store, '/philosophy', CHUNK_RELOAD_WINDOW_MS + 2)).toBe(true);
  });

  it('survives a corrupt or failing store without looping', () => {
    const store = createMemoryStore();
    store.setItem('winery:chunk-reload', '{not json');
    expect(claimReload(store, '/a', 0)).toBe(true);
    const broken = { getItem: () => null, setItem: () => { throw new Error('full'); }, removeItem: () => undefined };
    expect(claimReload(broken, '/a', 0)).toBe(true);
  });

  it('recognises the import failures of each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });
});
