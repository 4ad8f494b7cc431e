import { createMemoryStore, probeStore, type KeyValueStore } from '../session/storage';

/**
 * Seed §8: a chunk-load failure (a new deployment removed the old build's files, a flaky
 * network) reloads the last path ONCE. The attempt is remembered per path with its time, so a
 * second failure within the window shows the something-went-wrong page instead of looping.
 */
export const CHUNK_RELOAD_KEY = 'winery:chunk-reload';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

type Attempts = Record<string, number>;

function readAttempts(store: KeyValueStore): Attempts {
  try {
    const parsed: unknown = JSON.parse(store.getItem(CHUNK_RELOAD_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Attempts) : {};
  } catch {
    return {};
  }
}

function writeAttempts(store: KeyValueStore, attempts: Attempts): void {
  try {
    if (Object.keys(attempts).length === 0) store.removeItem(CHUNK_RELOAD_KEY);
    else store.setItem(CHUNK_RELOAD_KEY, JSON.stringify(attempts));
  } catch {
    // Full or blocked: the worst case is one more reload, still never a loop in this document.
  }
}

/** True (and remembered) when this path may be reloaded now; false after a recent attempt. */
export function claimReload(store: KeyValueStore, path: string, now: number = Date.now()): boolean {
  const attempts = readAttempts(store);
  // Old attempts are forgotten so the list stays small.
  for (const [key, at] of Object.entries(attempts)) if (now - at > CHUNK_RELOAD_WINDOW_MS) delete attempts[key];
  const previous = attempts[path];
  if (previous !== undefined && now - previous <= CHUNK_RELOAD_WINDOW_MS) return false;
  attempts[path] = now;
  writeAttempts(store, attempts);
  return true;
}

/** The path rendered fine: a later failure may reload it again. */
export function forgetReload(store: KeyValueStore, path: string): void {
  const attempts = readAttempts(store);
  if (!(path in attempts)) return;
  delete attempts[path];
  writeAttempts(store, attempts);
}

/** Messages browsers give a failed `import()` or module script, and Vite's preload helper. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (?:CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR.test(message));
}

export class ChunkLoadError extends Error {
  constructor(path: string) {
    super(`The code of ${path} could not be loaded twice in a row.`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Session storage when the browser allows it. Otherwise the tab's `window.name`: unlike memory it
 * survives the reload, which is what stops a loop when storage is blocked.
 */
export function chunkReloadStore(): KeyValueStore {
  const session = probeStore(() => window.sessionStorage);
  if (session) return session;
  const PREFIX = 'winery-chunk-reload:';
  try {
    return {
      getItem: (key) => (key === CHUNK_RELOAD_KEY && window.name.startsWith(PREFIX) ? window.name.slice(PREFIX.length) : null),
      setItem: (key, value) => {
        if (key === CHUNK_RELOAD_KEY && (window.name === '' || window.name.startsWith(PREFIX))) window.name = PREFIX + value;
      },
      removeItem: (key) => {
        if (key === CHUNK_RELOAD_KEY && window.name.startsWith(PREFIX)) window.name = '';
      },
    };
  } catch {
    return createMemoryStore();
  }
}
