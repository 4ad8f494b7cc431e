/**
 * The public origin of the site, read at build time so prerendered pages, the sitemap and
 * robots.txt carry absolute URLs (canonical links and Open Graph need them). Set VITE_SITE_URL
 * when building for a real host.
 */
const DEFAULT_SITE_URL = 'http://localhost:3000';

export const SITE_URL: string = String(import.meta.env.VITE_SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '');

/** An absolute URL on this site for a path such as `/grand-crus/melbury`. */
export function absoluteUrl(path: string): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  return `${SITE_URL}${normalised}`;
}
