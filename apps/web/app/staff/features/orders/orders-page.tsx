import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { DateTime } from '../../components/date-time';
import { EmailText } from '../../components/email-text';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore, ReadOnlyNote } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { formatCents } from '../../lib/money';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { useCsvDownload } from '../../lib/download-csv';
import { useUrlFilters } from '../../lib/use-url-filters';
import { OrderFiltersForm } from './order-filters';
import { FULFILMENT_TONE } from './order-status';
import { ORDER_FILTER_KEYS, type OrderFilters, type StaffOrderSummary } from './orders.api';

/** What the API is sent: a country only once it is two letters, a state once it is two or three. */
function apiFilters(filters: OrderFilters): OrderFilters {
  const sent = { ...filters };
  if (sent.country && !/^[A-Z]{2}$/.test(sent.country)) delete sent.country;
  if (sent.state && sent.state.length < 2) delete sent.state;
  return sent;
}

/** /staff/orders: every order, newest first, filtered; the same filters export to CSV. */
export function OrdersPage() {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const { role } = useStaffRole();
  const { filters, set: onChange } = useUrlFilters(ORDER_FILTER_KEYS);
  const query = useMemo(() => apiFilters(filters), [filters]);
  const list = usePagedList<StaffOrderSummary>('/orders', query);

  const { exporting, download } = useCsvDownload(t('orders.exportFailed'));
  const exportCsv = () => download('/orders.csv', { query });

  const filtered = Object.keys(query).length > 0;
  return (
    <>
      <PageHeader
        title={t('orders.title')}
        lede={t('orders.lede')}
        actions={
          <button type="button" className="button button--quiet" onClick={() => void exportCsv()} disabled={exporting} aria-busy={exporting}>
            <span className="button__spinner" aria-hidden="true" />
            {filtered ? t('orders.exportFiltered') : t('orders.export')}
          </button>
        }
      />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      <OrderFiltersForm filters={filters} onChange={onChange} />
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={filtered ? t('orders.noMatch') : t('orders.empty')} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t('orders.caption')}
          rows={list.items}
          rowKey={(order) => order.id}
          columns={[
            {
              key: 'number',
              header: t('orders.fields.number'),
              primary: true,
              // When it was placed reads under the number: a column of its own left a small laptop's
              // window (1024 px) without the total's and status's columns.
              cell: (order) => (
                <>
                  <Link to={`/staff/orders/${order.id}`} className="staff-table__strong staff-table__nowrap">
                    {order.number}
                  </Link>
                  <br />
                  <span className="staff-muted">
                    <span className="visually-hidden">{t('orders.fields.placedAt')}: </span>
                    <DateTime value={order.placedAt} timeZone={timeZone} />
                  </span>
                </>
              ),
            },
            {
              key: 'member',
              header: t('orders.fields.member'),
              cell: (order) => (
                <>
                  {order.member.firstName} {order.member.lastName}
                  <br />
                  <span className="staff-muted">
                    <EmailText value={order.member.email} />
                  </span>
                </>
              ),
            },
            {
              key: 'delivery',
              header: t('orders.fields.delivery'),
              cell: (order) => (
                <>
                  {t(`orders.delivery.${order.deliveryMethod}`)}
                  <br />
                  <span className="staff-muted">{order.destination}</span>
                </>
              ),
            },
            { key: 'bottles', header: t('orders.fields.bottles'), numeric: true, cell: (order) => order.bottles },
            { key: 'total', header: t('orders.fields.total'), numeric: true, cell: (order) => formatCents(order.totalCents) },
            {
              key: 'status',
              header: t('orders.fields.status'),
              className: 'staff-table__nowrap',
              cell: (order) => <StatusBadge tone={FULFILMENT_TONE[order.fulfilmentStatus]}>{t(`orders.status.${order.fulfilmentStatus}`)}</StatusBadge>,
            },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
    </>
  );
}
