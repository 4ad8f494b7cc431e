import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { ChunkLoadError, chunkReloadStore, claimReload, forgetReload, isChunkLoadError } from './chunk-reload';

/**
 * React Router (7.18) handles a route module that fails to import by itself: it logs
 * "Error loading route module `…`, reloading page..." and reloads the CURRENT page at once, every
 * time, with no hook in between. That log line is the only moment we get, so we watch for it:
 *  - first failure for a path: the address bar is switched to the page being opened (the "last
 *    path" of seed §8) and React Router's reload then loads that page afresh;
 *  - a second failure within the window: we throw instead, which stops the reload, and the error
 *    reaches the root ErrorBoundary (something-went-wrong) instead of looping.
 * A persistent failure of a PRERENDERED page's own module on a full load cannot be caught (the
 * page's inline module fails before any of our code runs); the static page then stays readable.
 */
const ROUTE_MODULE_FAILURE = /^Error loading route module `.+`, reloading page\.\.\.$/;

interface RouterLike {
  state?: { navigation?: { location?: { pathname: string; search: string; hash: string } } };
}

declare global {
  interface Window {
    __reactRouterDataRouter?: RouterLike;
  }
}

const currentPath = () => window.location.pathname + window.location.search + window.location.hash;

/** Where the member was going when the module failed: the pending navigation, else this page. */
function targetPath(): string {
  const pending = window.__reactRouterDataRouter?.state?.navigation?.location;
  return pending ? pending.pathname + pending.search + pending.hash : currentPath();
}

const pathKey = (path: string) => path.split(/[?#]/)[0] ?? path;

let installed = false;

/**
 * Paths whose module failed twice. React Router does not always surface the thrown error (a
 * failing module during the first render leaves the route empty), so the app shell reads this
 * and throws to the ErrorBoundary itself.
 */
const failedPaths = new Set<string>();
const listeners = new Set<() => void>();
function markFailed(path: string): void {
  failedPaths.add(path);
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function installChunkLoadRecovery(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const store = chunkReloadStore();
  const originalError = console.error.bind(console);

  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && ROUTE_MODULE_FAILURE.test(args[0])) {
      const target = targetPath();
      if (claimReload(store, pathKey(target))) {
        if (target !== currentPath()) window.history.replaceState(window.history.state, '', target);
      } else {
        originalError(...args);
        markFailed(pathKey(target));
        throw new ChunkLoadError(pathKey(target));
      }
    }
    originalError(...args);
  };

  // Vite's helper for lazy chunks: reload once; on a second failure let the error surface.
  window.addEventListener('vite:preloadError', (event) => {
    if (claimReload(store, pathKey(currentPath()))) {
      event.preventDefault();
      window.location.reload();
    }
  });
}

/**
 * For the app shell: throws to the ErrorBoundary when this page's module failed again; otherwise
 * forgets the attempt once the page rendered, so a later deployment may reload it again.
 */
export function useChunkLoadGuard(): void {
  const { pathname } = useLocation();
  const failed = useSyncExternalStore(
    subscribe,
    () => failedPaths.has(pathname),
    () => false,
  );
  useEffect(() => {
    if (!failed) forgetReload(chunkReloadStore(), pathname);
  }, [pathname, failed]);
  if (failed) throw new ChunkLoadError(pathname);
}

/**
 * For the ErrorBoundary: a module import error that reached it reloads the page once (true while
 * reloading); a repeated one is shown as the something-went-wrong page.
 */
export function useChunkErrorReload(error: unknown): boolean {
  const [reloading] = useState(() => {
    if (typeof window === 'undefined' || !isChunkLoadError(error) || (error as Error).name === 'ChunkLoadError') return false;
    return claimReload(chunkReloadStore(), window.location.pathname);
  });
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  return reloading;
}
