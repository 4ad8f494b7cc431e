import { i18n } from '../../../lib/i18n';
import { TiersPage } from './tiers-page';
import '../../staff-i18n';
import '../../../styles/staff/tiers.css';

// The title is made here (not with members/page-meta): the members pages import tiers, not the reverse.
export const meta = () => [{ title: i18n.t('staff:meta.suffix', { page: i18n.t('staff:tiers.title') }) }, { name: 'robots', content: 'noindex' }];

export default function Route() {
  return <TiersPage />;
}
