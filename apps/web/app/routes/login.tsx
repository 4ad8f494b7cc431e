import { pageMeta } from '../lib/i18n';
import { LoginPage } from '../features/auth/login-page';

export const meta = () => pageMeta('login', { path: '/login' });

export default function Login() {
  return <LoginPage />;
}
