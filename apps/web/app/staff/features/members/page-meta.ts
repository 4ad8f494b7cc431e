import type { MetaDescriptor } from 'react-router';
import { i18n } from '../../../lib/i18n';
import '../../staff-i18n';

/** "Members | Staff" from a title key of the issue 14 pages (`members.title`, `orders.title`…). */
export function consoleMeta(titleKey: string): MetaDescriptor[] {
  return [{ title: i18n.t('staff:meta.suffix', { page: i18n.t(`staff:${titleKey}`) }) }, { name: 'robots', content: 'noindex' }];
}
