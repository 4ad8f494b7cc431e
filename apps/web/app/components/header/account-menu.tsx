import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session.api';
import { tokenClaims } from '../../lib/session/token-claims';
import { attachAccountMenu, type PopupController } from './header-controls';

/** Where the account menu leads; the island shows the same prerendered items. */
export const ACCOUNT_MENU_ITEMS = [
  { key: 'account', to: '/profile' },
  { key: 'orders', to: '/profile/orders' },
  { key: 'logout', to: '/logout' },
] as const;

/** A person in the wordmark's fine line. */
function PersonIcon() {
  return (
    <svg className="account-menu__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8.2" r="3.7" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M4.6 20.2c.9-4.1 3.8-6.4 7.4-6.4s6.5 2.3 7.4 6.4" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The signed-in member's way to their account from any page, whatever the navigation shows (seed
 * §2 keeps Letter, Allocation and Vintage Notes alone there during an offering): a person button
 * opening Account, Orders and Log out. Prerendered hidden, so a brochure page's island only has to
 * show it (island/member-navigation.ts); the slot keeps its place for a returning member until then.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const member = session.known && session.loggedIn;
  const email = member ? (tokenClaims(session.token)?.email ?? '') : '';
  const root = useRef<HTMLDivElement>(null);
  const controller = useRef<PopupController | null>(null);

  useEffect(() => {
    if (!root.current) return undefined;
    const menu = attachAccountMenu(root.current);
    controller.current = menu;
    return () => menu.destroy();
  }, []);

  useEffect(() => {
    controller.current?.close();
  }, [pathname]);

  return (
    <div className="site-header__account" data-state={session.known ? 'ready' : 'tentative'}>
      {/* data-open, aria-expanded and the pop-up's hidden belong to attachAccountMenu once rendered. */}
      <div ref={root} className="account-menu" data-testid="account-menu" data-open="false" hidden={!member}>
        <button
          type="button"
          id="account-menu-button"
          className="account-menu__button"
          aria-haspopup="menu"
          aria-expanded="false"
          aria-controls="account-menu-list"
        >
          <PersonIcon />
          <span className="visually-hidden">{t('header.accountMenu')}</span>
        </button>
        <div className="account-menu__popup" hidden>
          <p className="account-menu__who" hidden={!email}>
            {t('header.signedInAs')} <span className="account-menu__email">{email}</span>
          </p>
          <ul id="account-menu-list" role="menu" aria-labelledby="account-menu-button" className="account-menu__list">
            {ACCOUNT_MENU_ITEMS.map((item) => (
              <li key={item.key} role="none">
                <Link role="menuitem" tabIndex={-1} to={item.to} className="account-menu__item" data-testid={`account-menu-${item.key}`}>
                  {t(`header.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
