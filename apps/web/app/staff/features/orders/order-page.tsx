import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffOrder } from '@winery/domain';
import { DataTable } from '../../components/data-table';
import { PageHeader, Section } from '../../components/page-header';
import { ErrorState, LoadingState, ReadOnlyNote } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { formatCents } from '../../lib/money';
import { cardBrandName } from '../../../lib/card-brand';
import { formatDateTime } from '../../lib/time-zone';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { HistoryLink } from '../../components/history-link';
import { OrderActions } from './order-actions';
import { FULFILMENT_TONE, PAYMENT_TONE } from './order-status';
import { useOrder } from './orders.api';

const TIMELINE = ['placedAt', 'processingAt', 'shippedAt', 'readyForPickupAt', 'capturedAt', 'pickedUpAt', 'cancelledAt'] as const;

/**
 * Where the payment is, in a sentence (ADR 025): held and charged when the order is marked shipped
 * or ready for pick-up, charged (and when), released, or charged and refunded.
 */
function PaymentState({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const amount = formatCents(order.totals.totalCents);
  const { status } = order.payment;
  const text =
    status === 'authorized'
      ? t(order.delivery.method === 'pickup' ? 'orders.paymentState.authorizedPickup' : 'orders.paymentState.authorizedShipping', { amount })
      : status === 'captured' && order.timeline.capturedAt
        ? t('orders.paymentState.capturedAt', { amount, when: formatDateTime(order.timeline.capturedAt, timeZone) })
        : t(`orders.paymentState.${status}`, { amount });
  return <p data-testid="order-payment-state">{text}</p>;
}

function Lines({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff');
  const { totals } = order;
  return (
    <>
      {order.addsTo ? (
        <p data-testid="order-adds-to">
          {t('orders.addsTo')} <Link to={`/staff/orders/${order.addsTo.id}`}>{order.addsTo.number}</Link>
        </p>
      ) : null}
      <DataTable
        caption={t('orders.linesCaption', { number: order.number })}
        rows={order.lines}
        rowKey={(line) => line.id}
        columns={[
          { key: 'wine', header: t('orders.fields.wine'), primary: true, cell: (line) => `${line.name} ${line.vintage}` },
          { key: 'size', header: t('orders.fields.size'), numeric: true, cell: (line) => t('orders.sizeMl', { size: line.sizeMl }) },
          { key: 'location', header: t('orders.fields.location'), cell: (line) => line.location?.name ?? '—' },
          { key: 'quantity', header: t('orders.fields.quantity'), numeric: true, cell: (line) => line.quantity },
          { key: 'unit', header: t('orders.fields.unitPrice'), numeric: true, cell: (line) => formatCents(line.unitPriceCents) },
          { key: 'total', header: t('orders.fields.lineTotal'), numeric: true, cell: (line) => formatCents(line.lineTotalCents) },
        ]}
      />
      <dl className="staff-dl staff-order-totals">
        <dt>{t('orders.totals.subtotal')}</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
        <dt>{t(`orders.totals.${totals.shippingLabel}`)}</dt>
        <dd>{formatCents(totals.shippingCents)}</dd>
        <dt>{t(`orders.totals.${totals.taxLabel}`)}</dt>
        <dd>{formatCents(totals.taxCents)}</dd>
        <dt className="staff-table__strong">{t('orders.totals.total')}</dt>
        <dd className="staff-table__strong">{formatCents(totals.totalCents)}</dd>
      </dl>
    </>
  );
}

function Details({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const { fulfilment, delivery, payment, member } = order;
  return (
    <div className="staff-order-grid">
      <Section title={t('orders.sections.member')} id="order-member">
        <p>
          <Link to={`/staff/members/${member.id}`}>
            {member.firstName} {member.lastName}
          </Link>
          <br />
          {member.email}
          {member.phone ? (
            <>
              <br />
              {member.phone}
            </>
          ) : null}
        </p>
      </Section>
      <Section title={t('orders.sections.delivery')} id="order-delivery">
        <p className="staff-order-address" data-testid="order-delivery">
          <strong>{t(`orders.delivery.${delivery.method}`)}</strong>
          {delivery.address.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
          {delivery.pickupLocation ? <span>{delivery.pickupLocation.hours}</span> : null}
        </p>
        {order.giftMessage ? (
          <p className="staff-order-address" data-testid="order-gift-message">
            <strong>{t('orders.giftMessage')}</strong>
            <span className="staff-order-gift">{order.giftMessage}</span>
          </p>
        ) : null}
        {fulfilment.trackingNumber ? (
          <p data-testid="order-tracking">
            {t('orders.trackingLine', { carrier: fulfilment.carrier ?? '', number: fulfilment.trackingNumber })}{' '}
            {fulfilment.trackingUrl ? (
              <a href={fulfilment.trackingUrl} target="_blank" rel="noopener noreferrer">
                {t('orders.trackingLink')}
              </a>
            ) : null}
          </p>
        ) : null}
      </Section>
      <Section title={t('orders.sections.payment')} id="order-payment">
        <p>
          {t('orders.card', { brand: cardBrandName(payment.brand), last4: payment.last4 })}{' '}
          <StatusBadge tone={PAYMENT_TONE[payment.status]}>{t(`orders.payment.${payment.status}`)}</StatusBadge>
        </p>
        <PaymentState order={order} />
        {order.billingAddress.length > 0 ? (
          <p className="staff-order-address">
            <strong>{t('orders.billing')}</strong>
            {order.billingAddress.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </p>
        ) : null}
      </Section>
      <Section title={t('orders.sections.timeline')} id="order-timeline">
        <ol className="staff-timeline">
          {TIMELINE.filter((key) => order.timeline[key]).map((key) => (
            <li key={key}>
              <span className="staff-timeline__what">{t(`orders.timeline.${key}`)}</span>
              <span className="staff-timeline__when">{formatDateTime(order.timeline[key], timeZone)}</span>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** /staff/orders/:orderId: the order, where it is, and the moves it can make now. */
export function OrderPage() {
  const { t } = useTranslation('staff');
  const { orderId } = useParams();
  const order = useOrder(orderId);
  const { canWrite, role } = useStaffRole();
  const timeZone = useTimeZone();
  const data = order.data;
  return (
    <>
      <PageHeader
        eyebrow={<Link to="/staff/orders">{t('orders.title')}</Link>}
        title={data ? t('orders.orderTitle', { number: data.number }) : t('orders.orderTitleLoading')}
        lede={
          data ? (
            <>
              {t('orders.placedLine', { when: formatDateTime(data.placedAt, timeZone), offering: data.offering?.name ?? '—' })} <HistoryLink entityId={data.id} />
            </>
          ) : undefined
        }
      />
      {order.isPending ? <LoadingState /> : null}
      {order.error ? <ErrorState error={order.error} onRetry={() => void order.refetch()} /> : null}
      {data ? (
        <>
          <Section
            title={t('orders.sections.status')}
            id="order-status"
            actions={<StatusBadge tone={FULFILMENT_TONE[data.fulfilment.status]}>{t(`orders.status.${data.fulfilment.status}`)}</StatusBadge>}
          >
            {canWrite ? <OrderActions key={data.id} order={data} /> : role === 'viewer' ? <ReadOnlyNote /> : null}
          </Section>
          <Section title={t('orders.sections.lines')} id="order-lines">
            <Lines order={data} />
          </Section>
          <Details order={data} />
        </>
      ) : null}
    </>
  );
}
