import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRIMARY_BRAND } from '../content/brands/contacts';
import { useSession } from '../lib/session/session.api';
import { BrandContactDetails } from './brand-contact';
import { Wordmark } from './wordmark';

export function SiteFooter() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Wordmark tone="light" />
        </div>
        <nav aria-label={t('footer.label')} className="site-footer__nav">
          <ul>
            {loggedIn ? (
              <>
                <li>
                  <Link to="/profile">{t('footer.account')}</Link>
                </li>
                <li>
                  <Link to="/logout">{t('footer.logout')}</Link>
                </li>
              </>
            ) : null}
            <li>
              <Link to="/bottle-verification">{t('footer.bottleVerification')}</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__contact">
          <h2 className="site-footer__heading">{t('footer.contact')}</h2>
          <BrandContactDetails brand={PRIMARY_BRAND} showName={false} />
        </div>
      </div>
      <p className="site-footer__legal">
        {t('footer.copyright', { year: new Date().getUTCFullYear(), name: PRIMARY_BRAND.name })}
      </p>
    </footer>
  );
}
