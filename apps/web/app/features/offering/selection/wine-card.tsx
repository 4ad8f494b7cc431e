import { useTranslation } from 'react-i18next';
import type { OfferingWine } from '@winery/domain';
import { WineBottleImage } from '../../../components/wine-bottle-image';
import { formatMoney } from '../../../lib/format';
import { formatBottleSize, STANDARD_BOTTLE_ML, wineTitle } from '../../../lib/wine-format';
import { QuantityControl } from './quantity-control';
import { choosableMaximum } from './selection-feedback';
import { WishRequest } from './wish-request';

interface WineCardProps {
  allocationId: string;
  wine: OfferingWine;
  /** The winery's conditions for this wine ("With at least 3 bottles of Melbury 2022"). */
  conditions?: readonly string[];
  quantity: number;
  /** Problems with the choice of this wine, beside it. */
  messages: readonly string[];
  /** The limit the field kept to when the member typed more ("You can order at most 6 bottles of …"). */
  limitNote?: string | null;
  onChange: (quantity: number) => void;
  onLimit: () => void;
}

/**
 * One wine of the offering: what it is, its price, the member's limits (or that it has sold out,
 * or what they have ordered of it already), how many, and a wish.
 */
export function WineCard({ allocationId, wine, conditions = [], quantity, messages, limitNote = null, onChange, onLimit }: WineCardProps) {
  const { t } = useTranslation();
  const title = wineTitle(wine);
  const titleId = `wine-${wine.id}-title`;
  const limitsId = `wine-${wine.id}-limits`;
  const messagesId = `wine-${wine.id}-messages`;
  const noteId = `wine-${wine.id}-note`;
  const soldOut = !wine.available;
  const left = choosableMaximum(wine);
  const minimum = Math.max(0, wine.minimum - wine.ordered);
  return (
    <article className={`offer-wine${soldOut ? ' offer-wine--sold-out' : ''}`} aria-labelledby={titleId} data-testid="wine-card" data-wine-id={wine.id}>
      <div className="offer-wine__bottle">
        <WineBottleImage image={wine.image} name={wine.name} alt={t('wineImage.bottleAlt', { wine: title })} sizes="(min-width: 48em) 88px, 60px" />
      </div>
      <div className="offer-wine__about">
        <h2 id={titleId} className="offer-wine__title">
          <span className="offer-wine__name">{wine.name}</span> <span className="offer-wine__vintage">{wine.vintage}</span>
          {wine.sizeMl !== STANDARD_BOTTLE_ML ? (
            <>
              {' '}
              <span className="offer-wine__size nowrap">({formatBottleSize(wine.sizeMl)})</span>
            </>
          ) : null}
        </h2>
        <p className="offer-wine__facts">
          <span className="nowrap">{formatBottleSize(wine.sizeMl)}</span>
          <span aria-hidden="true"> · </span>
          <span className="offer-wine__price" data-testid="wine-price">
            {t('offering.allocation.perBottle', { price: formatMoney(wine.priceCents) })}
          </span>
        </p>
        {wine.description ? <p className="offer-wine__description">{wine.description}</p> : null}
      </div>
      <div className="offer-wine__choose">
        <ul id={limitsId} className="offer-wine__limits">
          {soldOut ? (
            // Nothing can be chosen, so no limit is said: only that it has gone (a wish may still be asked).
            <li>
              <span className="badge" data-testid="sold-out">
                {t('offering.allocation.soldOut')}
              </span>
            </li>
          ) : null}
          {!soldOut && minimum > 0 ? <li data-testid="wine-minimum">{t('offering.allocation.minimum', { count: minimum })}</li> : null}
          {soldOut ? null : wine.ordered > 0 ? (
            <li data-testid="wine-ordered">
              {left > 0
                ? t('offering.allocation.orderedMore', { ordered: wine.ordered, count: left })
                : t('offering.allocation.orderedAll', { ordered: wine.ordered })}
            </li>
          ) : (
            <li data-testid="wine-maximum">{t('offering.allocation.maximum', { count: wine.maximum })}</li>
          )}
          {conditions.map((condition) => (
            <li key={condition} className="offer-wine__condition" data-testid="wine-condition">
              {condition}
            </li>
          ))}
        </ul>
        <QuantityControl
          id={`wine-${wine.id}-quantity`}
          wine={title}
          value={quantity}
          maximum={left}
          disabled={left === 0}
          invalid={messages.length > 0}
          describedBy={[messages.length > 0 ? messagesId : null, limitNote ? noteId : null, limitsId].filter(Boolean).join(' ')}
          onChange={onChange}
          onLimit={onLimit}
        />
        <p className="offer-wine__line-total" aria-hidden={quantity === 0 ? true : undefined}>
          {quantity > 0 ? formatMoney(quantity * wine.priceCents) : '\u00a0'}
        </p>
        {/* Said when the field kept to the limit, once: a polite live region that stays in place. */}
        <p id={noteId} className="offer-wine__note" role="status" data-testid="wine-limit-note">
          {limitNote}
        </p>
        {messages.length > 0 ? (
          <ul id={messagesId} className="offer-wine__messages" data-testid="wine-messages">
            {messages.map((message) => (
              <li key={message} className="field__error">
                {message}
              </li>
            ))}
          </ul>
        ) : null}
        <WishRequest allocationId={allocationId} wine={wine} />
      </div>
    </article>
  );
}
