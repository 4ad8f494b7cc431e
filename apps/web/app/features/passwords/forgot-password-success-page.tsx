import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '@winery/domain';
import { useHydrated } from '../../lib/use-hydrated';
import type { ForgotPasswordState } from './forgot-password-page';
import { FORGOT_PASSWORD_PATH, RESET_LINK_MINUTES } from './passwords.api';
import { EnvelopeMark } from '../links/envelope-mark';

/**
 * /forgot-password-success: the same words whether or not the address has an account. The address
 * itself (from the navigation's state) is added once the app has taken over the prerendered page.
 */
export function ForgotPasswordSuccessPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = useLocation().state as ForgotPasswordState | null;
  const email = hydrated && typeof state?.email === 'string' && state.email ? state.email : null;

  return (
    <div className="page page--narrow password-page" data-testid="forgot-password-success">
      <p className="eyebrow">{t('brand.wordmark')} {t('brand.wordmarkSuffix')}</p>
      <h1 className="page-title">{t('forgotPasswordSuccess.heading')}</h1>
      <div className="card link-card">
        <EnvelopeMark />
        <p className="lede">
          {email ? t('forgotPasswordSuccess.sentTo', { email }) : t('forgotPasswordSuccess.sent')}
        </p>
        <p>{t('forgotPasswordSuccess.validFor', { minutes: RESET_LINK_MINUTES })}</p>
        <p className="muted">{t('forgotPasswordSuccess.spam')}</p>
        <div className="link-card__actions">
          <Link to={LOGIN_PATH} className="button button--primary">
            {t('forgotPasswordSuccess.backToLogin')}
          </Link>
          <Link to={FORGOT_PASSWORD_PATH} className="button button--quiet">
            {t('forgotPasswordSuccess.tryAgain')}
          </Link>
        </div>
      </div>
    </div>
  );
}
