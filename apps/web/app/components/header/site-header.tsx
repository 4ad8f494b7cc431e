import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNavigationHidden } from '@winery/domain';
import { Wordmark } from '../wordmark';
import { AccountMenu } from './account-menu';
import { MainNavigation } from './main-navigation';

export function SiteHeader({ variant }: { variant: 'default' | 'home' }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home = variant === 'home';
  return (
    <header className={`site-header site-header--${variant}`} data-testid="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={t('brand.homeLink')}>
          <Wordmark tone={home ? 'light' : 'dark'} />
        </Link>
        <div className="site-header__controls">
          {isNavigationHidden(pathname) ? null : <MainNavigation />}
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
