import { pageMeta } from '../lib/i18n';
import { AccountPage } from '../features/account/account-page';

export const meta = () => pageMeta('profile', { noindex: true });

export default function Profile() {
  return <AccountPage />;
}
