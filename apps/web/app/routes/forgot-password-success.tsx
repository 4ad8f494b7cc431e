import { pageMeta } from '../lib/i18n';
import { ForgotPasswordSuccessPage } from '../features/passwords/forgot-password-success-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('forgotPasswordSuccess', { noindex: true });

export default function ForgotPasswordSuccess() {
  return <ForgotPasswordSuccessPage />;
}
