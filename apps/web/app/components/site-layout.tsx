import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteHeader } from './header/site-header';
import { HomeFooter, SiteFooter } from './site-footer';

/** The frame of every page: skip link, header, main landmark and the footer (home has its own, slim one). */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home = pathname === '/';
  return (
    <div className={`site${home ? ' site--home' : ''}`}>
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <SiteHeader variant={home ? 'home' : 'default'} />
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {home ? <HomeFooter /> : <SiteFooter />}
    </div>
  );
}
