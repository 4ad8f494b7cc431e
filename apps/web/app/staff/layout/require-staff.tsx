import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../components/states';
import { useStaffToken } from '../session/staff-session';

export const STAFF_LOGIN_PATH = '/staff/login';

/**
 * Console pages need a staff token (never a member's): without one, or once the API answers 401
 * (the token is then forgotten), the sign-in opens and brings staff back here afterwards.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const token = useStaffToken();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { t } = useTranslation('staff');

  useEffect(() => {
    if (token) return;
    const back = pathname === '/staff' ? '' : `?redirectTo=${encodeURIComponent(pathname + search).replace(/%2F/gi, '/')}`;
    void navigate(`${STAFF_LOGIN_PATH}${back}`, { replace: true });
  }, [token, pathname, search, navigate]);

  if (!token) return <LoadingState label={t('states.redirecting')} />;
  return <>{children}</>;
}

/** Only a path inside the console, so a crafted link cannot send staff elsewhere after sign-in. */
export function safeStaffRedirect(target: string | null): string {
  if (!target || !target.startsWith('/staff') || target.startsWith('//') || target.startsWith(STAFF_LOGIN_PATH)) return '/staff';
  return target;
}
