import { headMeta, i18n } from '../lib/i18n';
import { StandingPage } from '../features/standing/standing-page';
import '../styles/account/standing.css';

export const meta = () =>
  headMeta({ title: i18n.t('common:standing.meta.title'), description: i18n.t('common:standing.meta.description') }, { noindex: true });

export default function ProfileStanding() {
  return <StandingPage />;
}
