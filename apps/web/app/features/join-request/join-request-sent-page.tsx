import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRIMARY_BRAND } from '../../content/brands/contacts';
import { BrandContactDetails } from '../../components/brand-contact';
import { useHydrated } from '../../lib/use-hydrated';
import type { JoinRequestSentState } from './join-request-page';
import { JOIN_REQUEST_PATH, placeTokenFromHash } from './join-request.api';
import { PlaceInLineSection } from './place-in-line';

/**
 * /allocation-request: where a sent request lands. What happens next, and whom to ask meanwhile.
 * The page is prerendered; the prospect's name (kept in the navigation's state, never in the
 * address) is added once the app has taken over, so the static HTML and the app agree. Opened
 * from the acknowledgement's link (`#t=<token>`), it also shows the prospect's place in line.
 */
export function JoinRequestSentPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = useLocation().state as JoinRequestSentState | null;
  const firstName = hydrated && typeof state?.firstName === 'string' ? state.firstName : null;
  const placeToken = hydrated ? placeTokenFromHash(window.location.hash) : null;

  return (
    <div className="page page--narrow join-done" data-testid="allocation-request-page">
      <p className="eyebrow">{t('allocationRequest.eyebrow')}</p>
      <h1 className="page-title">{t('allocationRequest.heading')}</h1>
      <p className="lede">
        {firstName ? t('allocationRequest.introNamed', { name: firstName }) : t('allocationRequest.intro')}
      </p>
      {placeToken && <PlaceInLineSection token={placeToken} />}
      <section className="join-done__next" aria-labelledby="next-heading">
        <h2 id="next-heading" className="section-heading">
          {t('allocationRequest.nextHeading')}
        </h2>
        <ol className="join-steps join-steps--numbered">
          <li>
            <strong>{t('allocationRequest.emailTitle')}</strong> {t('allocationRequest.email')}
          </li>
          <li>
            <strong>{t('allocationRequest.reviewTitle')}</strong> {t('allocationRequest.review')}
          </li>
          <li>
            <strong>{t('allocationRequest.inviteTitle')}</strong> {t('allocationRequest.invite')}
          </li>
        </ol>
      </section>
      <section className="card join-done__contact" aria-labelledby="request-contact-heading">
        <h2 id="request-contact-heading" className="section-heading">
          {t('allocationRequest.contactHeading')}
        </h2>
        <p className="muted">{t('allocationRequest.contactText')}</p>
        <BrandContactDetails brand={PRIMARY_BRAND} />
      </section>
      <p className="join-done__links">
        <Link to="/grand-crus" className="button button--primary">
          {t('allocationRequest.grandCrus')}
        </Link>
      </p>
      <p className="muted">
        {t('allocationRequest.notYet')} <Link to={JOIN_REQUEST_PATH}>{t('allocationRequest.join')}</Link>
      </p>
    </div>
  );
}
