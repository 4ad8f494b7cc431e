import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasLetter, OFFERING_PATHS, type Order, type PendingOrder } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { cardBrandName } from '../cards/card-brand';
import { AddressLines } from '../addresses/address-lines';
import { showsVintageNotes } from './offering-access';
import type { OfferingAccess } from './offering-gate';
import { useOrder } from './offering.api';
import { OrderLines, OrderTotals } from './order-parts';

/** One placed order as the member reads it back: wines, where it goes, the card, the totals. */
export function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation();
  const headingId = `order-${order.id}-heading`;
  return (
    <article className="order-summary card" aria-labelledby={headingId} data-testid="order-summary">
      <header className="order-summary__head">
        <h2 id={headingId} className="order-summary__number">
          {t('orders.number', { number: order.number })}
        </h2>
        <p className="order-summary__placed muted">{t('offering.thankYou.placed', { date: formatDate(order.placedAt) })}</p>
      </header>
      {order.lines.length > 0 ? (
        <OrderLines lines={order.lines} caption={t('offering.thankYou.linesCaption', { number: order.number })} />
      ) : null}
      <OrderTotals totals={order.totals} />
      <div className="order-summary__facts">
        {order.delivery.address.length > 0 ? (
          <section aria-labelledby={`${headingId}-delivery`} data-testid="order-delivery">
            <h3 id={`${headingId}-delivery`} className="review-block__title">
              {t(order.delivery.method === 'pickup' ? 'offering.thankYou.pickUp' : 'offering.thankYou.shipping')}
            </h3>
            <AddressLines lines={order.delivery.address} />
          </section>
        ) : null}
        {order.payment.last4 ? (
          <section aria-labelledby={`${headingId}-payment`} data-testid="order-payment">
            <h3 id={`${headingId}-payment`} className="review-block__title">
              {t('offering.thankYou.payment')}
            </h3>
            <p>
              {cardBrandName(order.payment.brand)} {t('cards.endingIn', { last4: order.payment.last4 })}
            </p>
          </section>
        ) : null}
      </div>
    </article>
  );
}

function PendingOrderSummary({ pending }: { pending: PendingOrder }) {
  const { t } = useTranslation();
  const order = useOrder(pending.id);
  if (order.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p className="alert__title">{errorMessage(order.error, t('offering.thankYou.loadFailed', { number: pending.number }))}</p>
        <button type="button" className="button button--quiet" onClick={() => void order.refetch()}>
          {t('offering.retry')}
        </button>
      </div>
    );
  }
  if (!order.data) return <PageLoading label={t('offering.thankYou.loading')} />;
  return <OrderSummary order={order.data} />;
}

/** /offering/thank-you: the member has ordered from this offering; their order, read back. */
export function ThankYouPage({ access }: { access: OfferingAccess }) {
  const { t } = useTranslation();
  const pending = access.detail?.pendingOrders ?? [];
  const name = access.current?.name;
  return (
    <div className="page offering-page offering-page--thank-you">
      <header className="offering-header offering-header--centred">
        {name ? <p className="eyebrow">{name}</p> : null}
        <h1 className="page-title">{t('offering.thankYou.heading')}</h1>
        <p className="lede">{t('offering.thankYou.intro', { count: pending.length })}</p>
      </header>
      {pending.length === 0 ? (
        <div className="empty-state" data-testid="empty-state">
          <p className="empty-state__title">{t('offering.thankYou.empty')}</p>
        </div>
      ) : (
        <div className="order-summaries">
          {pending.map((order) => (
            <PendingOrderSummary key={order.id} pending={order} />
          ))}
        </div>
      )}
      <nav className="offering-next" aria-label={t('offering.nextLabel')}>
        <Link to="/profile/orders" className="button button--primary">
          {t('offering.thankYou.pastOrders')}
        </Link>
        {hasLetter(access.metaData) ? (
          <Link to={OFFERING_PATHS.letter} className="button button--quiet">
            {t('offering.readLetter')}
          </Link>
        ) : null}
        {showsVintageNotes(access.metaData) ? (
          <Link to={OFFERING_PATHS.vintageNotes} className="button button--quiet">
            {t('offering.readVintageNotes')}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
