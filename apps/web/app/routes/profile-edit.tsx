import { pageMeta } from '../lib/i18n';
import { PersonalDetailsPage } from '../features/account/personal-details-page';

export const meta = () => pageMeta('profileEdit', { noindex: true });

export default function ProfileEdit() {
  return <PersonalDetailsPage />;
}
