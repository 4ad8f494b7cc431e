import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCOUNT_PATH, getAllocationStatus, LOGIN_PATH, memberHome } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { getAllocationQueryOptions } from '../../lib/member-status/member-status.api';
import { useMemberLanding } from '../../lib/member-status/member-landing';
import { customerIdFromToken, expireSession, readToken } from '../../lib/session/session';
import { linkFailure } from './link-errors';
import { LoginLinkForm } from './login-link-form';
import { exchangeLinkOnce, forgetLinkExchange, type LinkExchange, type LinkPurpose } from './links.api';

/**
 * Where a member goes once a link has signed them in: a sign-in link to their own starting point
 * (as a password sign-in), an account link to the account, an allocation link to that allocation's
 * offering (its letter, the allocation, the order summary or Offering Closed).
 */
function useLinkDestination() {
  const queryClient = useQueryClient();
  const landing = useMemberLanding();
  return async (purpose: LinkPurpose, answer: LinkExchange): Promise<string> => {
    if (purpose === 'account') return ACCOUNT_PATH;
    const customerId = customerIdFromToken(answer.token);
    if (purpose === 'allocation' && answer.allocationId && customerId) {
      try {
        const detail = await queryClient.fetchQuery(getAllocationQueryOptions(customerId, answer.token, answer.allocationId));
        return memberHome(getAllocationStatus(detail), detail.metaData);
      } catch {
        // Read as a sign-in link would be: the member's current starting point.
      }
    }
    return landing(answer.token);
  };
}

/**
 * A member already signed in who opens a used or expired link (the mail read again, a second
 * click) needs no new session: they go where the link leads, as their session has it — the
 * account for an account link, their own starting point (offering, order summary, account) for a
 * sign-in or allocation link. Null when this browser has no session the server still accepts; the
 * link's own message is shown then. The session is checked here, not through the query cache, so
 * an ended one is cleared quietly instead of sending the visitor to sign in with this page to
 * come back to.
 */
function useSignedInDestination() {
  const queryClient = useQueryClient();
  const landing = useMemberLanding();
  return async (purpose: LinkPurpose): Promise<string | null> => {
    const token = readToken(queryClient);
    const customerId = customerIdFromToken(token);
    if (!token || !customerId) return null;
    try {
      await apiClient.get(`/v1/customer/${encodeURIComponent(customerId)}`, { token });
    } catch (error) {
      if (isApiError(error) && error.status === 401) expireSession(queryClient);
      return null;
    }
    return purpose === 'account' ? ACCOUNT_PATH : landing(token);
  };
}

type Outcome = { state: 'working' } | { state: 'failed'; message: string; retry: boolean };

/**
 * /login-by-link/{token}, /account-link/{token} and /allocation-link/{token}: the link's token is
 * exchanged once, on arrival, for a session; then the member is taken where the link leads. A used
 * or expired link says so in the API's words and offers a new sign-in link — unless this browser
 * is signed in already, when the member is simply sent on (issue 15).
 */
export function LinkExchangePage({ purpose }: { purpose: LinkPurpose }) {
  const { t } = useTranslation(['common', 'notification']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const destination = useLinkDestination();
  const destinationRef = useRef(destination);
  destinationRef.current = destination;
  const signedInDestination = useSignedInDestination();
  const signedInRef = useRef(signedInDestination);
  signedInRef.current = signedInDestination;
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });

  useEffect(() => {
    let current = true;
    setOutcome({ state: 'working' });
    // Shared by every effect run for this token (StrictMode runs effects twice in development):
    // the one-time token is sent once, whatever happens here.
    exchangeLinkOnce(queryClient, token, purpose)
      .then(async (answer) => {
        const target = await destinationRef.current(purpose, answer);
        if (!current) return;
        toast.success(t('notification:linkSignIn.success'), { id: 'link-sign-in' });
        void navigate(target, { replace: true });
      })
      .catch(async (error: unknown) => {
        if (!current) return;
        const failure = linkFailure(error);
        if (failure.retry) forgetLinkExchange(token, purpose);
        else {
          const onward = await signedInRef.current(purpose);
          if (!current) return;
          if (onward) {
            toast.success(t('notification:linkSignIn.alreadySignedIn'), { id: 'link-sign-in' });
            void navigate(onward, { replace: true });
            return;
          }
        }
        setOutcome({
          state: 'failed',
          retry: failure.retry,
          message: failure.retry ? t('linkExchange.unreachable') : failure.message,
        });
      });
    return () => {
      current = false;
    };
  }, [queryClient, token, purpose, navigate, t, attempt]);

  if (outcome.state === 'working') {
    return (
      <div className="page page--narrow link-page" data-testid="link-exchange">
        <h1 className="visually-hidden">{t(`linkExchange.heading.${purpose}`)}</h1>
        <PageLoading label={t('linkExchange.working')} />
      </div>
    );
  }
  return (
    <LinkFailed
      purpose={purpose}
      message={outcome.message}
      onRetry={outcome.retry ? () => setAttempt((count) => count + 1) : undefined}
    />
  );
}

function LinkFailed({ purpose, message, onRetry }: { purpose: LinkPurpose; message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <div className="page page--narrow link-page" data-testid="link-failed">
      <p className="eyebrow">{t('signInLink.eyebrow')}</p>
      <h1 className="page-title">{t(`linkExchange.heading.${purpose}`)}</h1>
      <div className="card link-card">
        <div className="alert link-card__alert" role="alert">
          <p className="alert__title" data-testid="link-message">
            {message}
          </p>
        </div>
        {onRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('account.retry')}
          </button>
        ) : asking ? (
          <LoginLinkForm idPrefix="new-link" autoFocus />
        ) : (
          <>
            <p>{t('linkExchange.askNew')}</p>
            <div className="link-card__actions">
              <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
                {t('linkExchange.requestNew')}
              </button>
              <Link to={LOGIN_PATH} className="button button--quiet">
                {t('linkExchange.usePassword')}
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
