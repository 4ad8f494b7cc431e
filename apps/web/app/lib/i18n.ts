import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { validationMessages } from '@winery/domain';
import common from '../locales/en-US/common.json';
import notification from '../locales/en-US/notification.json';

export const DEFAULT_LANGUAGE = 'en-US';
export const NAMESPACES = ['common', 'notification', 'validation'] as const;

export const resources = {
  [DEFAULT_LANGUAGE]: { common, notification, validation: validationMessages },
} as const;

/**
 * Resources are bundled and initialisation is synchronous, so the prerendered HTML already holds
 * the words (no flash of keys, nothing fetched).
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
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
});

/** "<Page> | Aldermoor Estate" plus a description, for a route's `meta` export. */
export function pageMeta(key: string) {
  const page = i18n.t(`common:meta.${key}.title`);
  return [
    { title: i18n.t('common:meta.suffix', { page }) },
    { name: 'description', content: i18n.t(`common:meta.${key}.description`) },
  ];
}
