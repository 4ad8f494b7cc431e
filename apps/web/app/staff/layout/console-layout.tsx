import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../../components/wordmark';
import { useStaffMe, useStaffSignOut } from '../session/staff-session.api';
import { StaffNav } from './staff-nav';
import { STAFF_LOGIN_PATH } from './require-staff';

/**
 * The console's frame: skip link, side navigation, who is signed in, Sign out, the page. Below
 * 1024 px the navigation folds behind a Menu button (a disclosure): always shown, its 14 or 15 links
 * took the top 380 px of every page on a phone, above the page's own heading.
 */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('staff');
  const me = useStaffMe();
  const signOut = useStaffSignOut();
  const navigate = useNavigate();
  const staff = me.data;
  const { pathname } = useLocation();
  // Open on the page it was opened on: following a link (or going anywhere else) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpenOn(null);
    menuButton.current?.focus();
  };

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSettled: () => void navigate(STAFF_LOGIN_PATH, { replace: true }),
    });

  return (
    <div className="staff-shell">
      <a className="skip-link" href="#staff-main">
        {t('layout.skipToContent')}
      </a>
      <aside className="staff-shell__side" data-menu-open={menuOpen} onKeyDown={closeOnEscape}>
        <div className="staff-shell__bar">
          <Link to="/staff" className="staff-shell__brand">
            <Wordmark tone="light" />
            <span className="staff-shell__console">
              {t('layout.console')}
            </span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="main-nav__toggle staff-shell__menu"
            aria-expanded={menuOpen}
            aria-controls="staff-nav"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            <span className="main-nav__toggle-bars" aria-hidden="true" />
            {/* Its own span, as the site header's: on the narrowest phones only the bars show, and
                this word stays for screen readers (layout/header.css, below 380px). */}
            <span>{t('layout.menu')}</span>
          </button>
        </div>
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
