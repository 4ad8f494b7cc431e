import { useEffect, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getHeaderNavigation, type NavigationItem } from '@winery/domain';
import { useSession } from '../../lib/session/session.api';
import { useMemberStatus } from '../../lib/member-status/member-status.api';
import { attachPhoneMenu, type PopupController } from './header-controls';

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
  const listId = useId();
  const nav = useRef<HTMLElement>(null);
  const menu = useRef<PopupController | null>(null);

  // The phone menu's behaviour is shared with the brochure pages' island (header-controls.ts).
  useEffect(() => {
    if (!nav.current) return undefined;
    const controller = attachPhoneMenu(nav.current);
    menu.current = controller;
    return () => controller.destroy();
  }, []);

  useEffect(() => {
    menu.current?.close();
  }, [pathname]);

  return (
    <nav
      ref={nav}
      aria-label={t('nav.label')}
      className="main-nav"
      data-state={state}
      // data-open and the toggle's aria-expanded belong to attachPhoneMenu once rendered.
      data-open="false"
      data-testid="main-nav"
    >
      <button type="button" className="main-nav__toggle" aria-expanded="false" aria-controls={listId}>
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
