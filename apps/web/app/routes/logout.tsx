import { pageMeta } from '../lib/i18n';
import { LogoutPage } from '../features/auth/logout-page';

export const meta = () => pageMeta('logout', { noindex: true });

export default function Logout() {
  return <LogoutPage />;
}
