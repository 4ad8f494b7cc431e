import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMMUNICATION_PATH } from '@winery/domain';

export const ACCOUNT_PAGES = [
  { key: 'overview', to: '/profile' },
  { key: 'details', to: '/profile/edit' },
  { key: 'password', to: '/profile/password' },
  { key: 'communication', to: COMMUNICATION_PATH },
  { key: 'addresses', to: '/profile/addresses' },
  { key: 'cards', to: '/profile/cards' },
  { key: 'orders', to: '/profile/orders' },
  // Its words live with the standing page's own (the "standing" key), not under account.nav.
  { key: 'standing', to: '/profile/standing', label: 'standing.nav' },
] as const;

/**
 * Links between the account's pages: a side column on wide screens, a row that scrolls sideways on
 * phones. Plain links (not an ARIA tab list), so each page has its own address, title and history
 * entry; the current one is marked with aria-current.
 */
export function AccountNavigation() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);

  // On a phone the current page's link may sit past the row's right edge: bring it into sight,
  // moving only the row (scrollIntoView would also scroll the page).
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // The row is positioned, so offsetLeft is measured from its own start.
    const start = current.offsetLeft;
    if (start < row.scrollLeft || start + current.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = start - (row.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);

  return (
    <nav className="account-nav" aria-label={t('account.navLabel')} data-testid="account-nav">
      <ul ref={list} className="account-nav__list">
        {ACCOUNT_PAGES.map((page) => (
          <li key={page.key}>
            {/* Overview only at /profile itself; Orders stays current on an order's own page. */}
            <NavLink to={page.to} end={page.to === '/profile'} className="account-nav__link" data-testid={`account-nav-${page.key}`}>
              {t('label' in page ? page.label : `account.nav.${page.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
