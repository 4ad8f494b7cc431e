import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasLetter, OFFERING_PATHS, type MemberOrder, type PendingOrder } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { canAddBottles } from '../orders/add-bottles';
import { OrderDelivery, OrderGiftMessage, OrderPayment } from '../orders/order-facts';
import { orderPath, useMemberOrder } from '../orders/orders.api';
import { showsVintageNotes } from './offering-access';
import type { OfferingAccess } from './offering-gate';
import { useOffering } from './offering.api';
import { OrderLines, OrderTotals } from '../orders/order-parts';

/** One placed order as the member reads it back: wines, where it goes, the card, the totals, and the way to its page. */
export function OrderSummary({ order }: { order: MemberOrder }) {
  const { t } = useTranslation();
  const headingId = `order-${order.id}-heading`;
  return (
    <article className="order-summary card" aria-labelledby={headingId} data-testid="order-summary">
      <header className="order-summary__head">
        <h2 id={headingId} className="order-summary__number">
          {t('orders.number', { number: order.number })}
        </h2>
        <p className="order-summary__placed muted">{t('offering.thankYou.placed', { date: formatDate(order.placedAt) })}</p>
        {order.addsTo ? (
          <p className="order-summary__adds" data-testid="order-adds-to">
            {t('offering.thankYou.addsTo', { number: order.addsTo.number })}
          </p>
        ) : null}
      </header>
      {order.lines.length > 0 ? (
        <OrderLines lines={order.lines} caption={t('offering.thankYou.linesCaption', { number: order.number })} />
      ) : null}
      <OrderTotals totals={order.totals} />
      <div className="order-summary__facts">
        <OrderDelivery order={order} idPrefix={headingId} />
        <OrderPayment order={order} idPrefix={headingId} />
        <OrderGiftMessage order={order} idPrefix={headingId} />
      </div>
      <p className="order-summary__more">
        <Link
          to={orderPath(order.id)}
          aria-label={t('offering.thankYou.viewOrderLabel', { number: order.number })}
          data-testid="order-page-link"
        >
          {t('offering.thankYou.viewOrder')}
        </Link>
      </p>
    </article>
  );
}

function PendingOrderSummary({ pending }: { pending: PendingOrder }) {
  const { t } = useTranslation();
  const order = useMemberOrder(pending.id);
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

/**
 * /offering/thank-you: the member has ordered from this offering; their orders, read back. While the
 * offering is open and their allocation leaves room, they may add bottles as a further order.
 */
export function ThankYouPage({ access }: { access: OfferingAccess }) {
  const { t } = useTranslation();
  const pending = access.detail?.pendingOrders ?? [];
  const name = access.current?.name;
  const offering = useOffering(access.detail?.id ?? access.current?.id);
  const endDate = access.detail?.endDate ?? access.current?.endDate;
  const mayAdd = canAddBottles({ offering: offering.data, endDate, now: new Date() });
  const closesAt = offering.data?.closesAt ?? endDate;
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
      {mayAdd && closesAt ? (
        <p className="offering-add-hint" data-testid="add-bottles-hint">
          {t('offering.thankYou.addBottlesHint', { date: formatDate(closesAt) })}
        </p>
      ) : null}
      <nav className="offering-next" aria-label={t('offering.nextLabel')}>
        {mayAdd ? (
          <Link to={OFFERING_PATHS.allocation} className="button button--primary" data-testid="add-bottles">
            {t('offering.thankYou.addBottles')}
          </Link>
        ) : null}
        <Link to="/profile/orders" className={mayAdd ? 'button button--quiet' : 'button button--primary'}>
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
