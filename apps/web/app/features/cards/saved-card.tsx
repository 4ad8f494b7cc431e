import { useTranslation } from 'react-i18next';
import type { Card } from '@winery/domain';
import { formatCardExpiry } from '../../lib/format';
import { cardBrandName } from '../../lib/card-brand';

interface SavedCardProps {
  card: Card;
  busy: boolean;
  onSetDefault: () => void;
  onRemove: () => void;
}

/** One saved card: what the gateway let us keep (brand, last four, expiry, holder). */
export function SavedCard({ card, busy, onSetDefault, onRemove }: SavedCardProps) {
  const { t } = useTranslation();
  const nameId = `card-${card.id}-name`;
  const brand = cardBrandName(card.brand);
  return (
    <article className="card saved-item saved-card" data-testid="saved-card" aria-labelledby={nameId}>
      {card.preferred ? (
        <ul className="badges">
          <li className="badge">{t('cards.default')}</li>
        </ul>
      ) : null}
      <div className="saved-item__body">
        <p id={nameId} className="saved-item__title">
          <span className="saved-card__brand">{brand}</span>{' '}
          <span aria-hidden="true" className="saved-card__number">
            {t('cards.numberEnding', { last4: card.last4 })}
          </span>
          <span className="visually-hidden">{t('cards.endingIn', { last4: card.last4 })}</span>
        </p>
        <p className="saved-item__line">{t('cards.expires', { date: formatCardExpiry(card.expMonth, card.expYear) })}</p>
        <p className="saved-item__line">{card.cardHolderName}</p>
      </div>
      <div className="saved-item__actions">
        {card.preferred ? null : (
          <div className="saved-item__choose">
            <button type="button" className="button button--quiet button--small" aria-describedby={nameId} disabled={busy} onClick={onSetDefault}>
              {t('cards.setDefault')}
            </button>
          </div>
        )}
        <div className="saved-item__manage">
          <button type="button" className="button button--link" aria-describedby={nameId} disabled={busy} onClick={onRemove}>
            {t('cards.remove')}
          </button>
        </div>
      </div>
    </article>
  );
}
