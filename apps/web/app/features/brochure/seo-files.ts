import publicPages from '../../content/public-pages.json';
import { absoluteUrl } from '../../lib/site-url';

/** Paths that are private, per-member or one-time: never worth crawling. */
export const DISALLOWED_PATHS = [
  '/profile',
  '/offering',
  '/logout',
  '/account-link',
  '/allocation-link',
  '/login-by-link',
  '/magic-link',
  '/reset-password',
  '/create-password',
  '/staff',
  '/v1/',
] as const;

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The sitemap lists exactly the public pages marked `sitemap: true` in content/public-pages.json. */
export function sitemapXml(): string {
  const urls = publicPages.pages
    .filter((page) => page.sitemap)
    .map((page) => `  <url>\n    <loc>${escapeXml(absoluteUrl(page.path))}</loc>\n  </url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
}
