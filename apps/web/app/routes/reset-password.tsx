import { pageMeta } from '../lib/i18n';
import { SetPasswordPage } from '../features/passwords/set-password-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('resetPassword', { noindex: true });

export default function ResetPassword() {
  return <SetPasswordPage kind="reset" />;
}
