import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cart, DeliveryInput, Offering, PickupLocation } from '@winery/domain';
import { errorMessage } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { OrderLines, type SummaryLine } from '../orders/order-parts';
import { useQuote } from './checkout.api';
import { HoldNotice } from './hold-notice';
import type { HeldSelection } from './use-held-selection';

/** The cart's lines with the offering's names and prices (the cart holds ids and quantities). */
export function cartSummaryLines(cart: Cart, offering: Offering): SummaryLine[] {
  const wines = new Map(offering.wines.map((wine) => [wine.id, wine]));
  return cart.lines.flatMap((line) => {
    const wine = wines.get(line.wineId);
    return wine && line.quantity > 0
      ? [{ wineId: wine.id, name: wine.name, vintage: wine.vintage, sizeMl: wine.sizeMl, quantity: line.quantity, unitPriceCents: wine.priceCents }]
      : [];
  });
}

interface CheckoutSummaryProps {
  offering: Offering;
  cart: Cart;
  /** The delivery once it is known (a pick-up location, or a shipping address the winery serves); null before. */
  delivery: DeliveryInput | null;
  /** The pick-up location, named instead of a shipping charge. */
  location: PickupLocation | null;
  /** Open on a phone from the start (the review, where the totals are what the member confirms). */
  openOnPhone: boolean;
  /** The member's held bottles and their countdown, shown even while the summary is folded. */
  held?: HeldSelection;
}

function Row({ label, detail, amount, testId, total = false }: { label: ReactNode; detail?: ReactNode; amount: ReactNode; testId: string; total?: boolean }) {
  return (
    <div className={`totals__row${total ? ' totals__row--total' : ''}`} data-testid={testId}>
      <dt>
        {label}
        {detail ? <span className="totals__detail">{detail}</span> : null}
      </dt>
      <dd>{amount}</dd>
    </div>
  );
}

/**
 * What is bought, beside every checkout step: each wine with its quantity and amount, the bottles,
 * the subtotal, then shipping (or the pick-up location), tax and total once the delivery is known.
 * Beside the step on a wide screen (sticky); above it on a phone, folded into one line that says
 * the amount ("Order summary · $1,240.00") and opens to the lines. The held bottles' countdown
 * stands under the heading, folded or not.
 */
export function CheckoutSummary({ offering, cart, delivery, location, openOnPhone, held }: CheckoutSummaryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(openOnPhone);
  const panelId = useId();
  const headingId = useId();
  const quote = useQuote(cart.id, delivery);
  const lines = cartSummaryLines(cart, offering);
  const bottles = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const totals = delivery ? quote.data?.totals : undefined;

  let charges: ReactNode;
  if (!delivery) {
    charges = (
      <p className="checkout-summary__note muted" data-testid="summary-pending">
        {t('checkout.summary.pending')}
      </p>
    );
  } else if (quote.isError) {
    charges = (
      <div className="checkout-summary__note" role="alert">
        <p>{errorMessage(quote.error, t('checkout.summary.quoteFailed'))}</p>
        <button type="button" className="button button--link" onClick={() => void quote.refetch()}>
          {t('checkout.summary.retry')}
        </button>
      </div>
    );
  } else if (!totals) {
    charges = (
      <p className="checkout-summary__note muted" role="status">
        {t('checkout.summary.quoting')}
      </p>
    );
  }

  return (
    <aside className="checkout-summary" aria-labelledby={headingId} data-testid="checkout-summary">
      <h2 id={headingId} className="checkout-summary__heading">
        {/* A phone shows the button (a disclosure); a wide screen the plain title. CSS picks one. */}
        <button
          type="button"
          className="checkout-summary__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          data-testid="summary-toggle"
        >
          <span className="checkout-summary__toggle-title">{t('checkout.summary.heading')}</span>
          <span className="checkout-summary__toggle-amount" data-testid="summary-toggle-amount">
            {formatMoney(totals?.totalCents ?? subtotalCents)}
          </span>
          <span className="checkout-summary__chevron" aria-hidden="true" />
        </button>
        <span className="checkout-summary__title">{t('checkout.summary.heading')}</span>
      </h2>
      {held ? <HoldNotice held={held} /> : null}
      <div id={panelId} className={`checkout-summary__panel${open ? '' : ' checkout-summary__panel--folded'}`} data-testid="summary-panel">
        <OrderLines lines={lines} caption={t('checkout.summary.winesCaption')} />
        <dl className="totals" data-testid="order-totals">
          <Row label={t('offering.totals.subtotal')} detail={t('checkout.summary.bottles', { count: bottles })} amount={formatMoney(totals?.subtotalCents ?? subtotalCents)} testId="totals-subtotal" />
          {totals && delivery?.method === 'pickup' && location ? (
            <Row label={t('checkout.summary.pickUpAt', { location: location.name })} detail={location.address} amount={t('checkout.summary.noCharge')} testId="totals-pickup" />
          ) : null}
          {totals && delivery?.method === 'shipping' ? (
            <Row label={t(`offering.totals.${totals.shippingLabel}`)} amount={formatMoney(totals.shippingCents)} testId="totals-shipping" />
          ) : null}
          {totals ? (
            <>
              <Row label={t(`offering.totals.${totals.taxLabel}`)} amount={formatMoney(totals.taxCents)} testId="totals-tax" />
              <Row label={t('offering.totals.total')} amount={formatMoney(totals.totalCents)} testId="totals-total" total />
            </>
          ) : null}
        </dl>
        {charges}
      </div>
    </aside>
  );
}
