import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGN_UP_PATH } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { safeRedirect } from '../../lib/safe-redirect';
import { useSignIn } from './sign-in';
import { SignInOptions } from './sign-in-options';

export function LoginPage() {
  const { t } = useTranslation();
  const { token, landing } = useSignIn();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('redirectTo');
  const [leaving, setLeaving] = useState(false);
  const left = useRef(false);

  // Signed in (just now, or already): the page they asked for, else where their allocation sends
  // them (an open offering's letter, the order summary, Offering Closed, or the account).
  useEffect(() => {
    if (!token || left.current) return;
    left.current = true;
    setLeaving(true);
    void (async () => {
      const target = requested ? safeRedirect(requested) : await landing(token);
      void navigate(target, { replace: true });
    })();
  }, [token, requested, landing, navigate]);

  return (
    <div className="page page--narrow login-page">
      <p className="eyebrow">{t('brand.wordmark')} {t('brand.wordmarkSuffix')}</p>
      <h1 className="page-title">{t('login.heading')}</h1>
      <p className="lede">{t('login.intro')}</p>
      <div className="card">{leaving ? <PageLoading label={t('login.redirecting')} /> : <SignInOptions />}</div>
      <p className="login-page__join">
        {t('login.notMember')} <Link to={SIGN_UP_PATH}>{t('login.join')}</Link>
      </p>
    </div>
  );
}
