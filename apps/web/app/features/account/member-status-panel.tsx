import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useMemberStatus } from '../../lib/member-status/member-status.api';
import { formatOpening, isBeforeOpening } from '../../lib/opening-time';

/** What the member's current allocation means right now, in one sentence. */
export function MemberStatusPanel() {
  const { t } = useTranslation();
  const { isLoading, isError, status, current, detail, refetch } = useMemberStatus();
  const name = current?.name ?? t('profile.fallbackOfferingName');

  let body: React.ReactNode;
  if (isLoading) {
    body = (
      <p role="status" className="muted">
        {t('profile.allocationLoading')}
      </p>
    );
  } else if (isError) {
    body = (
      <div role="alert">
        <p>{t('profile.allocationError')}</p>
        <button type="button" className="button button--quiet" onClick={refetch}>
          {t('profile.retry')}
        </button>
      </div>
    );
  } else if (status === 'offering') {
    body = (
      <>
        <p className="member-status-panel__message">
          {t('profile.status.offering', { name, date: formatDate(detail?.endDate ?? current?.endDate) })}
        </p>
        <Link to="/offering/allocation" className="button button--primary">
          {t('profile.status.offeringLink')}
        </Link>
      </>
    );
  } else if (status === 'thank-you') {
    const numbers = (detail?.pendingOrders ?? []).map((order) => order.number);
    body = (
      <>
        <p className="member-status-panel__message">{t('profile.status.thankYou')}</p>
        {numbers.length > 0 ? (
          <p className="member-status-panel__orders" data-testid="pending-order-numbers">
            {t('profile.status.orderNumber', { count: numbers.length, numbers: numbers.join(', ') })}
          </p>
        ) : null}
      </>
    );
  } else if (status === 'allocation-expired') {
    body = (
      <p className="member-status-panel__message">
        {t('profile.status.allocationExpired', { name, date: formatDate(detail?.endDate ?? current?.endDate) })}
      </p>
    );
  } else if (detail && isBeforeOpening(detail)) {
    // Before the member's own opening (their tier's, issue 17): when it opens, in their time zone.
    const when = formatOpening(detail.startDate);
    body = (
      <>
        <p className="member-status-panel__message" data-testid="opening-notice">
          {when ? t('profile.status.beforeOpening', { name, date: when.date, time: when.time, zone: when.zone }) : null}
        </p>
        <Link to="/offering/letter" className="button button--quiet">
          {t('profile.status.beforeOpeningLink')}
        </Link>
      </>
    );
  } else {
    body = <p className="member-status-panel__message">{t('profile.status.accountInfo')}</p>;
  }

  return (
    <section
      className="member-status-panel card"
      aria-labelledby="member-status-panel-heading"
      data-testid="allocation-panel"
      data-status={isLoading ? 'loading' : isError ? 'error' : detail && status === 'account-info' && isBeforeOpening(detail) ? 'before-opening' : (status ?? 'none')}
    >
      <h2 id="member-status-panel-heading" className="section-heading">
        {t('profile.allocationHeading')}
      </h2>
      {body}
    </section>
  );
}
