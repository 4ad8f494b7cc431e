import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { formatDate, formatMoney } from '../../lib/format';
import { AccountHeader, EmptyState, LoadFailed } from '../account/account-layout';
import { OrderStatus } from './order-status';
import { orderPath, useOrders } from './orders.api';

/** /profile/orders: the member's past orders, newest first, as the API lists them. */
export function OrdersPage() {
  const { t } = useTranslation();
  const orders = useOrders();
  const list = orders.data ?? [];

  let body: React.ReactNode;
  if (orders.isError) {
    body = <LoadFailed message={errorMessage(orders.error, t('orders.loadFailed'))} onRetry={() => void orders.refetch()} />;
  } else if (orders.isPending) {
    body = <PageLoading label={t('orders.loading')} />;
  } else if (list.length === 0) {
    body = <EmptyState title={t('orders.empty')} hint={t('orders.emptyHint')} />;
  } else {
    body = (
      <ul className="order-list" aria-label={t('orders.listLabel')}>
        {list.map((order) => (
          <li key={order.id} className="card order-row" data-testid="order-row">
            <h2 className="order-row__number">
              {/* The whole card opens the order (the link's area covers it); the tracking link stays its own. */}
              <Link to={orderPath(order.id)} className="order-row__link" data-testid="order-row-link">
                {t('orders.number', { number: order.number })}
              </Link>
            </h2>
            {order.addsTo ? (
              <p className="order-row__adds muted" data-testid="order-row-adds-to">
                {t('orders.addsTo', { number: order.addsTo.number })}
              </p>
            ) : null}
            <dl className="order-row__facts">
              <div>
                <dt>{t('orders.placed')}</dt>
                <dd>{formatDate(order.placedAt)}</dd>
              </div>
              <div>
                <dt>{t('orders.offering')}</dt>
                <dd>{order.offeringName ?? t('orders.noOffering')}</dd>
              </div>
              <div>
                <dt>{t('orders.status')}</dt>
                <dd data-testid="order-status">
                  <OrderStatus fulfilment={order.fulfilment} />
                </dd>
              </div>
              <div className="order-row__total">
                <dt>{t('orders.total')}</dt>
                <dd>{formatMoney(order.totalCents)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="account-section">
      <AccountHeader title={t('orders.heading')} intro={t('orders.intro')} />
      {body}
    </div>
  );
}
