import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../../components/wordmark';
import { useStaffMe, useStaffSignOut } from '../session/staff-session.api';
import { StaffNav } from './staff-nav';
import { STAFF_LOGIN_PATH } from './require-staff';

/** The console's frame: skip link, side navigation, who is signed in, Sign out, the page. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('staff');
  const me = useStaffMe();
  const signOut = useStaffSignOut();
  const navigate = useNavigate();
  const staff = me.data;

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSettled: () => void navigate(STAFF_LOGIN_PATH, { replace: true }),
    });

  return (
    <div className="staff-shell">
      <a className="skip-link" href="#staff-main">
        {t('layout.skipToContent')}
      </a>
      <aside className="staff-shell__side">
        <Link to="/staff" className="staff-shell__brand">
          <Wordmark tone="light" />
          <span className="staff-shell__console">
            {t('layout.console')}
          </span>
        </Link>
        <StaffNav role={staff?.role ?? null} />
      </aside>
      <div className="staff-shell__body">
        <header className="staff-topbar">
          <p className="staff-topbar__who" data-testid="staff-who">
            {staff ? (
              <>
                <span className="staff-topbar__name">{staff.name}</span>
                <span className="staff-topbar__role">{t(`roles.${staff.role}`)}</span>
              </>
            ) : null}
          </p>
          <button type="button" className="button button--small button--quiet" onClick={onSignOut} disabled={signOut.isPending}>
            {t('layout.signOut')}
          </button>
        </header>
        <main id="staff-main" className="staff-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
