import type { Config } from '@react-router/dev/config';

/**
 * Public pages are prerendered to static HTML; everything else (members area, links) renders in
 * the browser from the single-page fallback (`build/client/__spa-fallback.html`).
 */
export default {
  ssr: false,
  prerender: ['/', '/login', '/404', '/something-went-wrong'],
} satisfies Config;
