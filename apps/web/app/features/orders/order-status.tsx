import { useTranslation } from 'react-i18next';
import type { OrderFulfilment } from '@winery/domain';

/**
 * Where an order is, as staff set it: "Placed", "Processing", "Shipped — UPS 1Z…" (the number
 * links to the carrier's tracking page when we know it), "Ready for pick-up at …" with the
 * place's hours, "Picked up", "Cancelled".
 */
export function OrderStatus({ fulfilment }: { fulfilment: OrderFulfilment }) {
  const { t } = useTranslation();
  const badge = <span className="badge badge--quiet">{t(`orders.fulfilment.${fulfilment.status}`)}</span>;
  if (fulfilment.status === 'shipped' && fulfilment.carrier && fulfilment.trackingNumber) {
    const { carrier, trackingNumber, trackingUrl } = fulfilment;
    return (
      <>
        {badge} {t('orders.fulfilment.shippedVia', { carrier })}{' '}
        {trackingUrl ? (
          <a href={trackingUrl} target="_blank" rel="noopener noreferrer" aria-label={t('orders.fulfilment.track', { carrier, trackingNumber })}>
            {trackingNumber}
          </a>
        ) : (
          trackingNumber
        )}
      </>
    );
  }
  if (fulfilment.status === 'ready_for_pickup' && fulfilment.pickupLocation?.name) {
    const { name, hours } = fulfilment.pickupLocation;
    return (
      <>
        {badge} {t('orders.fulfilment.readyAt', { location: name })}
        {hours ? ` ${t('orders.fulfilment.hours', { hours })}` : null}
      </>
    );
  }
  return badge;
}
