import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@winery/domain';
import { activeNavKey, visibleNav } from './staff-nav-items';

export function StaffNav({ role }: { role: StaffRole | null }) {
  const { t } = useTranslation('staff');
  const active = activeNavKey(useLocation().pathname);
  const navRef = useRef<HTMLElement>(null);
  // The current page's item in view: on a screen too short for every item, Audit or Bottles would
  // otherwise be marked current below the fold (and they appear once the role is known). Only the
  // navigation's own column scrolls, never the page.
  useEffect(() => {
    const side = navRef.current?.parentElement;
    const current = navRef.current?.querySelector('[aria-current="page"]');
    if (!side || !current || side.scrollHeight <= side.clientHeight) return;
    const box = side.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    const margin = item.height;
    if (item.bottom > box.bottom) side.scrollTop += item.bottom - box.bottom + margin;
    else if (item.top < box.top) side.scrollTop -= box.top - item.top + margin;
  }, [active, role]);
  return (
    <nav ref={navRef} id="staff-nav" className="staff-nav" aria-label={t('nav.label')}>
      {visibleNav(role).map((group) => (
        <div className="staff-nav__group" key={group.key}>
          <p className="staff-nav__heading" id={`staff-nav-${group.key}`}>
            {t(`nav.groups.${group.key}`)}
          </p>
          <ul className="staff-nav__list" aria-labelledby={`staff-nav-${group.key}`}>
            {group.items.map((item) => (
              <li key={item.key}>
                <Link
                  to={item.to}
                  className={item.key === active ? 'staff-nav__link active' : 'staff-nav__link'}
                  aria-current={item.key === active ? 'page' : undefined}
                >
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
