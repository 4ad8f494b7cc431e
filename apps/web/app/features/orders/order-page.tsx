import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberOrder } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { PRIMARY_BRAND } from '../../content/brands/contacts';
import { errorMessage, isApiError } from '../../lib/api-error';
import { countryName } from '../../lib/countries';
import { formatDate } from '../../lib/format';
import { AccountHeader, LoadFailed } from '../account/account-layout';
import { OrderLines, OrderTotals } from './order-parts';
import { OrderDelivery, OrderGiftMessage, OrderPayment } from './order-facts';
import { OrderStatus } from './order-status';
import { isOrderId, orderPath, useMemberOrder } from './orders.api';

/** The winery as a receipt names it: the primary brand's name, postal address, phone and e-mail. */
function Letterhead() {
  const { t } = useTranslation();
  const { postalAddress: a } = PRIMARY_BRAND;
  return (
    <header className="receipt__letterhead" data-testid="receipt-letterhead">
      <p className="receipt__winery">{PRIMARY_BRAND.name}</p>
      <p className="receipt__address">
        {a.line1}
        <br />
        {a.city}, {a.state} {a.postalCode}
        <br />
        {countryName(a.country)}
      </p>
      <p className="receipt__address">
        {t('orders.detail.letterheadContact', { phone: PRIMARY_BRAND.phone, email: PRIMARY_BRAND.email })}
      </p>
    </header>
  );
}

/** Where the order is now (as staff set it), and the orders it is linked to. */
function OrderProgress({ order }: { order: MemberOrder }) {
  const { t } = useTranslation();
  return (
    <section className="card order-progress" aria-labelledby="order-progress-heading" data-testid="order-page-status">
      <h2 id="order-progress-heading" className="review-block__title">
        {t('orders.status')}
      </h2>
      <p className="order-progress__status" data-testid="order-status">
        <OrderStatus fulfilment={order.fulfilment} />
      </p>
      <p className="muted">{t('orders.detail.since', { date: formatDate(order.fulfilment.updatedAt) })}</p>
      {order.addsTo ? (
        <p data-testid="order-adds-to">
          {t('orders.detail.addsToLead')} <Link to={orderPath(order.addsTo.id)}>{t('orders.number', { number: order.addsTo.number })}</Link>
        </p>
      ) : null}
      {order.additions.length > 0 ? (
        <p data-testid="order-additions">
          {t('orders.detail.additionsLead', { count: order.additions.length })}{' '}
          {order.additions.map((addition, index) => (
            <span key={addition.id}>
              {index > 0 ? ', ' : null}
              <Link to={orderPath(addition.id)}>{t('orders.number', { number: addition.number })}</Link>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}

/** The receipt: what the printed page holds, and on screen the order's own card. */
function Receipt({ order }: { order: MemberOrder }) {
  const { t } = useTranslation();
  const placed = formatDate(order.placedAt);
  return (
    <article className="card receipt" aria-labelledby="receipt-heading" data-testid="receipt">
      <Letterhead />
      <header className="receipt__head">
        <h2 id="receipt-heading" className="receipt__title">
          {t('orders.detail.receiptTitle', { number: order.number })}
        </h2>
        <p className="receipt__placed">
          {order.offeringName ? t('orders.detail.placedIn', { date: placed, offering: order.offeringName }) : t('orders.detail.placedOn', { date: placed })}
        </p>
        {order.addsTo ? <p className="receipt__placed">{t('orders.detail.addsTo', { number: order.addsTo.number })}</p> : null}
      </header>
      {order.lines.length > 0 ? <OrderLines lines={order.lines} caption={t('offering.thankYou.linesCaption', { number: order.number })} /> : null}
      <OrderTotals totals={order.totals} />
      <div className="order-summary__facts">
        <OrderDelivery order={order} idPrefix="receipt" />
        <OrderPayment order={order} idPrefix="receipt" />
        <OrderGiftMessage order={order} idPrefix="receipt" className="receipt__screen-only" />
      </div>
    </article>
  );
}

/** An order that is not the member's, or never was: said kindly, with the way back. */
function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <div className="account-section" data-testid="order-not-found">
      <AccountHeader title={t('orders.detail.notFoundTitle')} intro={t('orders.detail.notFoundText')} />
      <p>
        <Link to="/profile/orders" className="button button--primary">
          {t('orders.detail.backToOrders')}
        </Link>
      </p>
    </div>
  );
}

/** /profile/orders/{orderId}: one past order in full, with a receipt the member can print or save as PDF. */
export function OrderPage() {
  const { t } = useTranslation();
  const { orderId } = useParams();
  const order = useMemberOrder(orderId);

  const notFound = !isOrderId(orderId) || (order.isError && isApiError(order.error) && (order.error.status === 404 || order.error.status === 400));
  if (notFound) return <OrderNotFound />;
  if (order.isError) {
    return (
      <div className="account-section">
        <AccountHeader title={t('orders.detail.titleLoading')} />
        <LoadFailed message={errorMessage(order.error, t('orders.detail.loadFailed'))} onRetry={() => void order.refetch()} />
      </div>
    );
  }
  if (!order.data) {
    return (
      <div className="account-section">
        <PageLoading label={t('orders.detail.loading')} />
      </div>
    );
  }
  const data = order.data;
  return (
    <div className="account-section order-page">
      <p className="order-page__back">
        <Link to="/profile/orders">{t('orders.detail.allOrders')}</Link>
      </p>
      <AccountHeader title={t('orders.number', { number: data.number })} intro={t('orders.detail.intro')}>
        <button type="button" className="button button--quiet" onClick={() => window.print()} data-testid="print-receipt">
          {t('orders.detail.print')}
        </button>
      </AccountHeader>
      <OrderProgress order={data} />
      <Receipt order={data} />
    </div>
  );
}
