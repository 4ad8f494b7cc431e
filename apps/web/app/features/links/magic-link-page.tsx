import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LOGIN_PATH } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { errorMessage, isApiError } from '../../lib/api-error';
import type { MagicLinkState } from './login-link-form';
import { SIGN_IN_LINK_MINUTES, useLoginLinkStatus, useResendLoginLink, type LoginLinkStatus } from './links.api';
import { EnvelopeMark } from './envelope-mark';

const secondsUntil = (target: number): number =>
  Number.isNaN(target) ? 0 : Math.max(0, Math.ceil((target - Date.now()) / 1000));

/** Whole seconds until `iso`, never below 0; counted down every second while above 0. */
function useSecondsUntil(iso: string | undefined): number {
  const target = iso ? Date.parse(iso) : Number.NaN;
  const [seconds, setSeconds] = useState(() => secondsUntil(target));
  useEffect(() => {
    setSeconds(secondsUntil(target));
    if (secondsUntil(target) === 0) return;
    const timer = window.setInterval(() => {
      const next = secondsUntil(target);
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return seconds;
}

/**
 * /magic-link/{requestId}: "check your e-mail" after asking for a sign-in link. The link works for
 * 15 minutes; another can be sent once the API allows it, and a refusal is shown in its words.
 */
export function MagicLinkPage() {
  const { t } = useTranslation();
  const { requestId = '' } = useParams();
  const state = useLocation().state as MagicLinkState | null;
  const status = useLoginLinkStatus(requestId);

  return (
    <div className="page page--narrow link-page" data-testid="magic-link-page">
      <p className="eyebrow">{t('signInLink.eyebrow')}</p>
      <h1 className="page-title">{t('signInLink.checkHeading')}</h1>
      <div className="card link-card">
        <EnvelopeMark />
        <p className="lede">
          {typeof state?.email === 'string' && state.email
            ? t('signInLink.sentTo', { email: state.email })
            : t('signInLink.sent')}
        </p>
        <p>{t('signInLink.validFor', { minutes: SIGN_IN_LINK_MINUTES })}</p>
        <p className="muted">{t('signInLink.spam')}</p>
        {status.isPending ? (
          <PageLoading label={t('signInLink.loading')} />
        ) : status.isError ? (
          <div className="alert" role="alert" data-testid="magic-link-problem">
            <p className="alert__title">
              {isApiError(status.error) && status.error.status === 404
                ? t('signInLink.unknownRequest')
                : errorMessage(status.error, t('signInLink.statusFailed'))}
            </p>
            {isApiError(status.error) && status.error.status === 404 ? (
              <p>
                <Link to={LOGIN_PATH}>{t('signInLink.askAgain')}</Link>
              </p>
            ) : (
              <button type="button" className="button button--quiet" onClick={() => void status.refetch()}>
                {t('account.retry')}
              </button>
            )}
          </div>
        ) : (
          <ResendLink requestId={requestId} status={status.data} />
        )}
      </div>
      <p className="link-page__back">
        <Link to={LOGIN_PATH}>{t('signInLink.backToLogin')}</Link>
      </p>
    </div>
  );
}

function ResendLink({ requestId, status }: { requestId: string; status: LoginLinkStatus }) {
  const { t } = useTranslation(['common', 'notification']);
  const resend = useResendLoginLink(requestId);
  const seconds = useSecondsUntil(status.canResendAt);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = seconds > 0;
  const tooOld = status.resendableUntil ? Date.parse(status.resendableUntil) <= Date.now() : false;

  const onResend = async () => {
    setProblem(null);
    try {
      await resend.mutateAsync();
      toast.success(t('notification:signInLink.resendSuccess'));
    } catch (error) {
      const message = errorMessage(error, t('notification:signInLink.resendFailed'));
      setProblem(message);
      toast.error(t('notification:signInLink.resendFailed'), message === t('notification:signInLink.resendFailed') ? undefined : { description: message });
    }
  };

  if (tooOld) {
    return (
      <p className="link-card__wait">
        {t('signInLink.tooOld')} <Link to={LOGIN_PATH}>{t('signInLink.askAgain')}</Link>
      </p>
    );
  }

  return (
    <div className="link-card__resend">
      <button
        type="button"
        className="button button--primary"
        onClick={() => void onResend()}
        disabled={waiting || resend.isPending}
        aria-busy={resend.isPending}
        aria-describedby={waiting ? 'resend-wait' : undefined}
      >
        <span className="button__spinner" aria-hidden="true" />
        {t('signInLink.resend')}
      </button>
      {waiting ? (
        <p id="resend-wait" className="muted link-card__wait" data-testid="resend-wait">
          {t('signInLink.resendIn', { count: seconds })}
        </p>
      ) : null}
      {problem ? (
        <div className="alert" role="alert" data-testid="resend-problem">
          <p className="alert__title">{problem}</p>
        </div>
      ) : null}
    </div>
  );
}
