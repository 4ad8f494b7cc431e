import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PATH } from '@winery/domain';
import { PRIMARY_BRAND } from '../../content/brands/contacts';
import { BrandContactDetails } from '../../components/brand-contact';
import { formatDate } from '../../lib/format';
import type { OfferingAccess } from './offering-gate';

/** /offering/closed: the window has ended and nothing was ordered; who to ask, and the way home. */
export function OfferingClosedPage({ access }: { access: OfferingAccess }) {
  const { t } = useTranslation();
  const date = formatDate(access.detail?.endDate ?? access.current?.endDate);
  const name = access.current?.name;
  return (
    <div className="page page--narrow offering-page offering-page--closed" data-testid="offering-closed">
      <p className="eyebrow">{name ?? t('offering.closed.eyebrow')}</p>
      <h1 className="page-title">{t('offering.closed.heading')}</h1>
      <p className="lede" data-testid="closed-message">
        {date ? t('offering.closed.body', { date }) : t('offering.closed.bodyNoDate')}
      </p>
      <p>{t('offering.closed.next')}</p>
      <p className="offering-next">
        <Link to={ACCOUNT_PATH} className="button button--primary">
          {t('offering.closed.account')}
        </Link>
        <a href="#closed-contact" className="button button--quiet">
          {t('offering.closed.contact')}
        </a>
      </p>
      <section id="closed-contact" className="card offering-contact" aria-labelledby="closed-contact-heading">
        <h2 id="closed-contact-heading" className="section-heading">
          {t('offering.closed.contactHeading')}
        </h2>
        <p className="muted">{t('offering.closed.contactText')}</p>
        <BrandContactDetails brand={PRIMARY_BRAND} />
      </section>
    </div>
  );
}
