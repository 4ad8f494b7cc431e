/**
 * On <html>, where a form page's island stands: `waiting` for the visitor's first move, then
 * `ready` once it is in charge (its form hydrated, or nothing to hydrate). Tests wait for it.
 */
export const ISLAND_ATTRIBUTE = 'data-island';

export function markIslandWaiting(): void {
  document.documentElement.setAttribute(ISLAND_ATTRIBUTE, 'waiting');
}

export function markIslandReady(): void {
  document.documentElement.setAttribute(ISLAND_ATTRIBUTE, 'ready');
}
