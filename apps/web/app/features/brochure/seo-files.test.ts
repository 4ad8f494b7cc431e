import { describe, expect, it } from 'vitest';
import publicPages from '../../content/public-pages.json';
import { absoluteUrl } from '../../lib/site-url';
import { robotsTxt, sitemapXml } from './seo-files';

describe('sitemap.xml', () => {
  it('lists every public page marked for the sitemap, and no other', () => {
    const xml = sitemapXml();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = publicPages.pages.filter((page) => page.sitemap).map((page) => absoluteUrl(page.path));
    expect(locs).toEqual(expected);
    expect(locs).not.toContain(absoluteUrl('/404'));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe('robots.txt', () => {
  it('allows the brochure, keeps crawlers out of private paths and names the sitemap', () => {
    const lines = robotsTxt().split('\n');
    expect(lines).toContain('Allow: /');
    for (const path of ['/profile', '/offering', '/logout', '/account-link', '/allocation-link', '/login-by-link', '/magic-link', '/reset-password', '/create-password', '/staff', '/v1/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${absoluteUrl('/sitemap.xml')}`);
  });
});
