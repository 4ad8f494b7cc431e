import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@winery/domain';
import { visibleNav } from './staff-nav-items';

export function StaffNav({ role }: { role: StaffRole | null }) {
  const { t } = useTranslation('staff');
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
                <NavLink to={item.to} end={item.to === '/staff'} className="staff-nav__link">
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
