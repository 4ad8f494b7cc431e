import { pageMeta } from '../lib/i18n';
import { AppSignIn } from '../features/auth/app-sign-in';
import { LoginPage } from '../features/auth/login-page';

export const meta = () => pageMeta('login', { path: '/login' });

// The prerendered page is taken over by its island (island/pages/login.tsx); the app renders it
// when a member is sent here from its own pages, and in a browser without storage.
export default function Login() {
  return (
    <AppSignIn>
      <LoginPage />
    </AppSignIn>
  );
}
