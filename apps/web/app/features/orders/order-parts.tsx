import { useTranslation } from 'react-i18next';
import type { OrderTotalsView } from '@winery/domain';
import { formatMoney } from '../../lib/format';
import { WineTitle } from '../../components/wine-title';
import { formatBottleSize } from '../../lib/wine-format';

export interface SummaryLine {
  wineId: string;
  name: string;
  vintage: number;
  sizeMl: number;
  quantity: number;
  unitPriceCents: number;
}

/** The wines of an order or a cart: what, how many, at what price. */
export function OrderLines({ lines, caption }: { lines: readonly SummaryLine[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="order-lines" data-testid="order-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('offering.lines.wine')}</th>
          <th scope="col" className="order-lines__number">
            {t('offering.lines.quantity')}
          </th>
          <th scope="col" className="order-lines__number">
            {t('offering.lines.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.wineId} data-testid="order-line">
            <th scope="row" className="order-lines__wine">
              <span className="order-lines__name">
                <WineTitle wine={line} />
              </span>
              <span className="order-lines__detail">
                <span className="nowrap">{formatBottleSize(line.sizeMl)}</span> · {t('offering.allocation.perBottle', { price: formatMoney(line.unitPriceCents) })}
              </span>
            </th>
            <td className="order-lines__number" data-testid="order-line-quantity">
              {line.quantity}
            </td>
            <td className="order-lines__number" data-testid="order-line-amount">
              {formatMoney(line.quantity * line.unitPriceCents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, shipping (or shipping and duties), sales tax (or tax and duties) and total (seed §3). */
export function OrderTotals({ totals }: { totals: OrderTotalsView }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'subtotal', label: t('offering.totals.subtotal'), cents: totals.subtotalCents },
    { key: 'shipping', label: t(`offering.totals.${totals.shippingLabel}`), cents: totals.shippingCents },
    { key: 'tax', label: t(`offering.totals.${totals.taxLabel}`), cents: totals.taxCents },
  ];
  return (
    <dl className="totals" data-testid="order-totals">
      {rows.map((row) => (
        <div key={row.key} className="totals__row" data-testid={`totals-${row.key}`}>
          <dt>{row.label}</dt>
          <dd>{formatMoney(row.cents)}</dd>
        </div>
      ))}
      <div className="totals__row totals__row--total" data-testid="totals-total">
        <dt>{t('offering.totals.total')}</dt>
        <dd>{formatMoney(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
