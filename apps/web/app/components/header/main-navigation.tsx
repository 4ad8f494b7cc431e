import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getHeaderNavigation, type NavigationItem } from '@winery/domain';
import { useSession } from '../../lib/session/session.api';
import { useMemberStatus } from '../../lib/member-status/member-status.api';

type NavigationState = 'tentative' | 'loading' | 'ready';

/** Which links to show, without ever showing a member the wrong set while their data loads. */
function useNavigationItems(): { state: NavigationState; items: NavigationItem[] } {
  const session = useSession();
  const memberStatus = useMemberStatus();
  // Before the browser has read its storage (prerendered HTML), render the visitor's links; an
  // inline script hides them for returning members until the real set is known.
  if (!session.known) return { state: 'tentative', items: getHeaderNavigation({ loggedIn: false }) };
  if (session.loggedIn && memberStatus.isLoading) return { state: 'loading', items: [] };
  return {
    state: 'ready',
    items: getHeaderNavigation({
      loggedIn: session.loggedIn,
      status: memberStatus.status,
      metaData: memberStatus.detail?.metaData ?? null,
    }),
  };
}

export function MainNavigation() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { state, items } = useNavigationItems();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [pathname]);

  // Escape closes the open menu and hands focus back to its button (disclosure pattern).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <nav
      aria-label={t('nav.label')}
      className="main-nav"
      data-state={state}
      data-open={open ? 'true' : 'false'}
      data-testid="main-nav"
      onKeyDown={closeOnEscape}
    >
      <button
        ref={toggle}
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="main-nav__toggle-bars" aria-hidden="true" />
        <span>{t('nav.menu')}</span>
      </button>
      <ul id={listId} className="main-nav__list" aria-busy={state === 'loading' ? true : undefined}>
        {items.map((item) => (
          <li key={item.key}>
            <NavLink to={item.to} className="main-nav__link" data-testid={`nav-${item.key}`}>
              {t(`nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
