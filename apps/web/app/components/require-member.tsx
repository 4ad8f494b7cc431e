import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH } from '@winery/domain';
import { PageLoading } from './page-loading';
import { useSession } from '../lib/session/session.api';

/** Members-only content: a visitor is sent to the login page, which brings them back here. */
export function RequireMember({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (session.known && !session.loggedIn) {
      const back = encodeURIComponent(pathname + search).replace(/%2F/gi, '/');
      void navigate(`${LOGIN_PATH}?redirectTo=${back}`, { replace: true });
    }
  }, [session.known, session.loggedIn, pathname, search, navigate]);

  if (!session.known || !session.loggedIn) return <PageLoading />;
  return <>{children}</>;
}
