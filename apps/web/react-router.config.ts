import type { Config } from '@react-router/dev/config';
import publicPages from './app/content/public-pages.json';

/**
 * Public pages are prerendered to static HTML; everything else (members area, links) renders in
 * the browser from the single-page fallback (`build/client/__spa-fallback.html`). The list of
 * public pages lives in one file, shared with the sitemap and the audits.
 */
export default {
  ssr: false,
  prerender: [...publicPages.pages.map((page) => page.path), '/sitemap.xml', '/robots.txt'],
} satisfies Config;
