import type { MetaDescriptor } from 'react-router';
import staff from '@winery/locales/en-US/staff.json';
import { DEFAULT_LANGUAGE, i18n } from '../lib/i18n';

/**
 * The console's texts join the site's i18n instance here, in the console's own chunk: no public or
 * member page downloads them (only modules under staff/ import this file).
 */
if (!i18n.hasResourceBundle(DEFAULT_LANGUAGE, 'staff')) {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, 'staff', staff, true, true);
}

export const STAFF_NS = 'staff';

/** "Dashboard | Staff": the head of a console page, never indexed. */
export function staffMeta(pageKey: string): MetaDescriptor[] {
  const title = i18n.t(`staff:pages.${pageKey}.title`);
  return [{ title: i18n.t('staff:meta.suffix', { page: title }) }, { name: 'robots', content: 'noindex' }];
}
