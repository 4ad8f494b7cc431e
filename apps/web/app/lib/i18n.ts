import type { MetaDescriptor } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '@winery/locales/en-US/common.json';
import notification from '@winery/locales/en-US/notification.json';
import validation from '@winery/locales/en-US/validation.json';
import { absoluteUrl } from './site-url';

export const DEFAULT_LANGUAGE = 'en-US';
export const NAMESPACES = ['common', 'notification', 'validation'] as const;

export const resources = {
  [DEFAULT_LANGUAGE]: { common, notification, validation },
} as const;

/**
 * The texts live in packages/locales, which the API reads too. They are imported statically, so
 * they are bundled and initialisation is synchronous, so the prerendered HTML already holds
 * the words (no flash of keys, nothing fetched).
 */
/** How the app (and, in the island build, its stand-in) sets i18next up. */
export const I18N_OPTIONS = {
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [DEFAULT_LANGUAGE],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  resources,
  initAsync: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init(I18N_OPTIONS);

export interface HeadOptions {
  /** The page's own path; gives the canonical link and og:url. Left out on pages not to index. */
  path?: string;
  /** Keeps the page out of search results (error pages, members-only screens). */
  noindex?: boolean;
  /** Open Graph type: the home page is a website, the brochure pages are articles. */
  type?: 'website' | 'article';
}

/** A 1200×630 card drawn for link previews; see scripts/og-image.mjs. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

/**
 * Everything a page puts in <head>: "<Page> | Aldermoor Estate", the description, the canonical
 * URL, Open Graph and Twitter tags. Root has no `meta`, so each route must return all of it.
 */
export function headMeta(
  { title, description }: { title: string; description: string },
  { path, noindex = false, type = 'website' }: HeadOptions = {},
): MetaDescriptor[] {
  const siteName = i18n.t('common:meta.siteName');
  const tags: MetaDescriptor[] = [
    { title: i18n.t('common:meta.suffix', { page: title }) },
    { name: 'description', content: description },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:locale', content: DEFAULT_LANGUAGE.replace('-', '_') },
    { property: 'og:image', content: absoluteUrl(OG_IMAGE.path) },
    { property: 'og:image:width', content: String(OG_IMAGE.width) },
    { property: 'og:image:height', content: String(OG_IMAGE.height) },
    { property: 'og:image:alt', content: i18n.t('common:meta.ogImageAlt') },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (path !== undefined) {
    tags.push({ tagName: 'link', rel: 'canonical', href: absoluteUrl(path) });
    tags.push({ property: 'og:url', content: absoluteUrl(path) });
  }
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** Head tags for a page whose title and description are translation keys under `meta.<key>`. */
export function pageMeta(key: string, options: HeadOptions = {}): MetaDescriptor[] {
  return headMeta(
    { title: i18n.t(`common:meta.${key}.title`), description: i18n.t(`common:meta.${key}.description`) },
    options,
  );
}
