import { ScrollRestoration, type Location } from 'react-router';
import { useHydrated } from '../use-hydrated';

/** Seed §2: positions are kept per path and location key (React Router stores them in session storage). */
export const scrollKey = (location: Pick<Location, 'pathname' | 'key'>): string => `${location.pathname}|${location.key}`;

/**
 * Restores the position on back/forward, or scrolls to the hash target, else to the top.
 * Mounted only after hydration: React Router's inline script reads sessionStorage unguarded and
 * throws where storage is blocked, while its hooks (saving on navigation and page hide, restoring
 * on POP, scrolling to #hash) are guarded and work the same when mounted late.
 */
export function NavigationScrollRestoration() {
  const hydrated = useHydrated();
  return hydrated ? <ScrollRestoration getKey={scrollKey} /> : null;
}
