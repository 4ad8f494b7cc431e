import { useTranslation } from 'react-i18next';
import type { Address, AddressPurpose } from '@winery/domain';
import { addressLines } from './address-format';

interface AddressCardProps {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onChoose: (purpose: AddressPurpose) => void;
}

/** One saved address with its default badges and what can be done with it. */
export function AddressCard({ address, busy, onEdit, onRemove, onChoose }: AddressCardProps) {
  const { t } = useTranslation();
  const textId = `address-${address.id}-text`;
  const lines = addressLines(address);
  return (
    <article className="card saved-item" data-testid="address-card" aria-labelledby={textId}>
      {address.isDefaultShipping || address.isDefaultBilling ? (
        <ul className="badges">
          {address.isDefaultShipping ? <li className="badge">{t('addresses.defaultShipping')}</li> : null}
          {address.isDefaultBilling ? <li className="badge">{t('addresses.defaultBilling')}</li> : null}
        </ul>
      ) : null}
      <address id={textId} className="saved-item__body">
        {lines.map((line, index) => (
          <span key={index} className={index === 0 ? 'saved-item__title' : 'saved-item__line'}>
            {line}
            {/* Read aloud (and used as the buttons' description) as one line, not run together. */}
            {index < lines.length - 1 ? <span className="visually-hidden">, </span> : null}
          </span>
        ))}
      </address>
      {/* Each button names its address through aria-describedby: "Edit" alone is ambiguous in a list. */}
      <div className="saved-item__actions">
        {address.isDefaultShipping && address.isDefaultBilling ? null : (
          <div className="saved-item__choose">
            {address.isDefaultShipping ? null : (
              <button type="button" className="button button--quiet button--small" aria-describedby={textId} disabled={busy} onClick={() => onChoose('shipping')}>
                {t('addresses.useForShipping')}
              </button>
            )}
            {address.isDefaultBilling ? null : (
              <button type="button" className="button button--quiet button--small" aria-describedby={textId} disabled={busy} onClick={() => onChoose('billing')}>
                {t('addresses.useForBilling')}
              </button>
            )}
          </div>
        )}
        <div className="saved-item__manage">
          <button type="button" className="button button--link" aria-describedby={textId} disabled={busy} onClick={onEdit}>
            {t('addresses.edit')}
          </button>
          <button type="button" className="button button--link" aria-describedby={textId} disabled={busy} onClick={onRemove}>
            {t('addresses.remove')}
          </button>
        </div>
      </div>
    </article>
  );
}
