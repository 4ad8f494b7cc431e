import { useTranslation } from 'react-i18next';
import type { MemberOrder, OrderShippingAddress } from '@winery/domain';
import { countryName } from '../../lib/countries';
import { formatMoney } from '../../lib/format';
import { AddressLines } from '../addresses/address-lines';
import { cardBrandName } from '../../lib/card-brand';

/**
 * What an order says about where it goes, how it was paid and the card that travels with it: the
 * same blocks on the thank-you page, the order page and its printed receipt. Each is a heading and
 * its text, not a landmark: a page listing two orders would otherwise have two regions of one name.
 */

/** The postal lines of a shipped order's address, the country by its name ("United States"). */
export function shippingAddressLines(address: OrderShippingAddress): string[] {
  const locality = [address.city, [address.stateCode, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.address1, address.address2 ?? '', locality, countryName(address.countryCode)].filter(Boolean);
}

interface FactProps {
  order: MemberOrder;
  /** Prefix of the heading ids, unique on the page. */
  idPrefix: string;
}

/** "Shipping to" the address (with whom it is for and their phone), or "Pick-up at {location}" with its address and hours. */
export function OrderDelivery({ order, idPrefix }: FactProps) {
  const { t } = useTranslation();
  const headingId = `${idPrefix}-delivery`;
  const { delivery } = order;
  if (delivery.method === 'pickup') {
    const place = delivery.pickup ?? order.fulfilment.pickupLocation;
    const name = place?.name || delivery.address[0] || '';
    return (
      <div className="order-fact" data-testid="order-delivery">
        <h3 id={headingId} className="review-block__title">
          {t('orders.detail.delivery')}
        </h3>
        <p className="order-fact__lead">{t('orders.detail.pickupAt', { location: name })}</p>
        {place?.address ? <p>{place.address}</p> : null}
        {place?.hours ? <p className="muted">{t('orders.detail.hours', { hours: place.hours })}</p> : null}
      </div>
    );
  }
  const address = delivery.shippingAddress;
  return (
    <div className="order-fact" data-testid="order-delivery">
      <h3 id={headingId} className="review-block__title">
        {t('orders.detail.shippingTo')}
      </h3>
      {address ? (
        <>
          {address.recipientName ? (
            <p className="order-fact__lead" data-testid="order-recipient">
              <span className="visually-hidden">{t('orders.detail.recipient')}: </span>
              {address.recipientName}
            </p>
          ) : null}
          <p>
            <AddressLines lines={shippingAddressLines(address)} />
          </p>
          {address.phone ? <p data-testid="order-recipient-phone">{t('orders.detail.phone', { phone: address.phone })}</p> : null}
        </>
      ) : (
        <p>
          <AddressLines lines={delivery.address} />
        </p>
      )}
    </div>
  );
}

/**
 * Where the order's payment is, in words (the Terms of Sale: authorised when ordered, charged when
 * the order ships or is ready for pick-up): "Authorized — charged when your order ships",
 * "Charged $648.00", "Refunded $648.00", "Released — you were not charged".
 */
export function PaymentState({ order }: { order: Pick<MemberOrder, 'payment' | 'delivery' | 'totals'> }) {
  const { t } = useTranslation();
  const amount = formatMoney(order.totals.totalCents);
  const { status } = order.payment;
  const key = status === 'authorized' ? (order.delivery.method === 'pickup' ? 'authorizedPickup' : 'authorizedShipping') : status;
  return (
    <p className={`order-fact__state order-fact__state--${status}`} data-testid="order-payment-state">
      {t(`orders.payment.${key}`, { amount })}
    </p>
  );
}

/** The card the order is paid with ("Visa ending in 4242") and where its payment is. */
export function OrderPayment({ order, idPrefix }: FactProps) {
  const { t } = useTranslation();
  if (!order.payment.last4) return null;
  const headingId = `${idPrefix}-payment`;
  return (
    <div className="order-fact" data-testid="order-payment">
      <h3 id={headingId} className="review-block__title">
        {t('orders.detail.payment')}
      </h3>
      <p>
        {cardBrandName(order.payment.brand)} {t('cards.endingIn', { last4: order.payment.last4 })}
      </p>
      <PaymentState order={order} />
    </div>
  );
}

/** The member's card for whoever receives the wine, with its line breaks. */
export function OrderGiftMessage({ order, idPrefix, className }: FactProps & { className?: string }) {
  const { t } = useTranslation();
  if (!order.giftMessage) return null;
  const headingId = `${idPrefix}-gift`;
  return (
    <div className={['order-fact', 'order-fact--gift', className].filter(Boolean).join(' ')} data-testid="order-gift-message">
      <h3 id={headingId} className="review-block__title">
        {t('orders.detail.giftMessage')}
      </h3>
      <p className="order-fact__gift">{order.giftMessage}</p>
    </div>
  );
}
