import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGN_UP_PATH } from '@winery/domain';
import { safeRedirect } from '../../lib/safe-redirect';
import { useSession } from '../session/session.api';
import { LoginForm } from './login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get('redirectTo'));

  // A member who is already signed in has nothing to do here.
  useEffect(() => {
    if (session.known && session.loggedIn) void navigate(redirectTo, { replace: true });
  }, [session.known, session.loggedIn, redirectTo, navigate]);

  return (
    <div className="page page--narrow login-page">
      <p className="eyebrow">{t('brand.wordmark')} {t('brand.wordmarkSuffix')}</p>
      <h1 className="page-title">{t('login.heading')}</h1>
      <p className="lede">{t('login.intro')}</p>
      <div className="card">
        <LoginForm />
      </div>
      <p className="login-page__join">
        {t('login.notMember')} <Link to={SIGN_UP_PATH}>{t('login.join')}</Link>
      </p>
    </div>
  );
}
