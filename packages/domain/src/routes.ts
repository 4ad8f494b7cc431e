/**
 * Paths the browser renders on its own (members area, links, staff): the server answers them with
 * the single-page fallback. Every other unknown path gets the page-not-found page with a 404.
 */
export const CLIENT_ROUTE_PREFIXES = [
  '/profile',
  '/offering',
  '/logout',
  '/event',
  '/account-link',
  '/allocation-link',
  '/login-by-link',
  '/magic-link',
  '/reset-password',
  '/create-password',
  '/unsubscribe',
  '/staff',
] as const;

export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTE_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
