import { pageMeta } from '../lib/i18n';
import { ForgotPasswordPage } from '../features/passwords/forgot-password-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('forgotPassword', { noindex: true });

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
