import { pageMeta } from '../lib/i18n';
import { PasswordPage } from '../features/account/password-page';

export const meta = () => pageMeta('profilePassword', { noindex: true });

export default function ProfilePassword() {
  return <PasswordPage />;
}
