import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LOGIN_PATH } from '@winery/domain';
import { isApiError } from '../api-error';
import { expireSession } from './session';

const PUBLIC_AUTH_PATHS = new Set([LOGIN_PATH, '/logout']);

/**
 * A 401 to a request that carried a token means the server no longer accepts the session
 * (revoked, signing key rotated): it is ended like an expired one and the member signs in again.
 */
export function SessionGuard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('notification');
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(() => {
    const handle = (error: unknown) => {
      if (!isApiError(error) || error.status !== 401 || !error.sentToken) return;
      expireSession(queryClient);
      toast(t('session.expired'), { id: 'session-expired' });
      const { pathname, search } = locationRef.current;
      const target = PUBLIC_AUTH_PATHS.has(pathname)
        ? LOGIN_PATH
        : `${LOGIN_PATH}?redirectTo=${encodeURIComponent(pathname + search).replace(/%2F/gi, '/')}`;
      void navigate(target, { replace: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handle(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handle(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, t]);

  return null;
}
