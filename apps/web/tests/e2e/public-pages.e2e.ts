import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser';

const { pages } = JSON.parse(readFileSync(new URL('../../app/content/public-pages.json', import.meta.url), 'utf8')) as {
  pages: { path: string; sitemap: boolean; island?: boolean }[];
};

const html = async (path: string) => {
  const response = await fetch(`${baseURL()}${path}`);
  return { status: response.status, body: await response.text() };
};
const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
const meta = (body: string, name: string) =>
  new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(body)?.[1];

/** The built site as a crawler or a browser without JavaScript receives it. */
describe('every public page is static HTML with its own head', () => {
  it.each(pages.map((p) => [p.path, p] as const))('%s', async (path, page) => {
    const { status, body } = await html(path);
    expect(status).toBe(200);
    expect(title(body)).toMatch(/^.+ \| Aldermoor Estate$/);
    const description = meta(body, 'description');
    expect(description?.length).toBeGreaterThanOrEqual(50);
    expect(meta(body, 'og:title')).toBeTruthy();
    expect(body).toMatch(/<h1[^>]*>/);
    if (page.sitemap) expect(body).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path === '/' ? '/' : path}"`));
    else expect(meta(body, 'robots')).toContain('noindex');
    if (page.island) expect(body).not.toContain('__reactRouterContext');
  });

  it('gives the pages the seed names their titles, and no two pages the same title or description', async () => {
    const heads = await Promise.all(pages.map(async (p) => ({ path: p.path, body: (await html(p.path)).body })));
    const byPath = Object.fromEntries(heads.map((h) => [h.path, title(h.body)]));
    expect(byPath['/login']).toBe('Member Login | Aldermoor Estate');
    expect(byPath['/matriarch']).toBe('Matriarch | Aldermoor Estate');
    expect(byPath['/grand-crus']).toBe('Grand Crus | Aldermoor Estate');
    expect(new Set(heads.map((h) => title(h.body))).size).toBe(heads.length);
    expect(new Set(heads.map((h) => meta(h.body, 'description'))).size).toBe(heads.length);
  });

  it('lists exactly the indexable public pages in the sitemap, and keeps crawlers out of the members area', async () => {
    const sitemap = (await html('/sitemap.xml')).body;
    const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const expected = pages.filter((p) => p.sitemap).map((p) => p.path);
    expect([...listed].sort()).toEqual([...expected].sort());
    const robots = (await html('/robots.txt')).body;
    for (const line of ['Disallow: /profile', 'Disallow: /offering', 'Disallow: /v1/']) expect(robots).toContain(line);
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
