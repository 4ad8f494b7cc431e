import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRIMARY_BRAND } from '../content/brands/contacts';
import { useSession } from '../lib/session/session.api';
import { BrandContactDetails, telHref } from './brand-contact';
import { Wordmark } from './wordmark';

/** The producer's legal pages (content/legal), linked from every footer. */
export const LEGAL_LINKS = [
  { key: 'privacy', to: '/privacy' },
  { key: 'terms', to: '/terms' },
  { key: 'shippingPolicy', to: '/shipping-policy' },
] as const;

function LegalNavigation({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('footer.legalLabel')} className={className}>
      <ul>
        {LEGAL_LINKS.map((link) => (
          <li key={link.key}>
            <Link to={link.to}>{t(`footer.${link.key}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const copyright = (year: number) => ({ year, name: PRIMARY_BRAND.name });

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
      <div className="site-footer__legal">
        <p>{t('footer.copyright', copyright(new Date().getUTCFullYear()))}</p>
        <LegalNavigation className="site-footer__legal-nav" />
      </div>
    </footer>
  );
}

/**
 * The home page's own footer (the site footer is not on home, seed §2): slim and light, with the
 * legal pages and one line of contact.
 */
export function HomeFooter() {
  const { t } = useTranslation();
  return (
    <footer className="home-footer" data-testid="home-footer">
      <div className="home-footer__inner">
        <p className="home-footer__contact">
          <span className="home-footer__name">{PRIMARY_BRAND.name}</span>
          <span className="home-footer__sep home-footer__sep--after-name" aria-hidden="true">
            ·
          </span>
          <span className="visually-hidden">{t('footer.phone')}: </span>
          <a href={telHref(PRIMARY_BRAND.phone)}>{PRIMARY_BRAND.phone}</a>
          <span className="home-footer__sep" aria-hidden="true">
            ·
          </span>
          <span className="visually-hidden">{t('footer.email')}: </span>
          <a href={`mailto:${PRIMARY_BRAND.email}`}>{PRIMARY_BRAND.email}</a>
        </p>
        <LegalNavigation className="home-footer__nav" />
        <p className="home-footer__copyright">{t('footer.copyright', copyright(new Date().getUTCFullYear()))}</p>
      </div>
    </footer>
  );
}
