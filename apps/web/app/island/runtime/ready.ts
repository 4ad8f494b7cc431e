/** Set on <html> once a form page's island is in charge: its form hydrated, or nothing to hydrate. */
export const ISLAND_ATTRIBUTE = 'data-island';

export function markIslandReady(): void {
  document.documentElement.setAttribute(ISLAND_ATTRIBUTE, 'ready');
}
