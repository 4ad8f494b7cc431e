import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@winery/domain';
import { activeNavKey, visibleNav } from './staff-nav-items';

export function StaffNav({ role }: { role: StaffRole | null }) {
  const { t } = useTranslation('staff');
  const active = activeNavKey(useLocation().pathname);
  return (
    <nav className="staff-nav" aria-label={t('nav.label')}>
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
