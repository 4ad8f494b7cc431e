import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { wineTitle } from '../../../lib/wine-format';
import { EmailText } from '../../components/email-text';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime, formatDay } from '../../lib/time-zone';
import { memberName } from '../../lib/member-name';
import { grantCap, type StaffWish } from './wishes.api';

const TONE = {
  requested: 'attention',
  granted: 'positive',
  declined: 'quiet',
} as const;

/**
 * One wish: who asked for what, their history, what is left, and (waiting, for managers) grant or
 * decline. On a phone the row reads as a card (staff-table--cards), each value under its column's
 * name; the table's roles are written out as in DataTable.
 */
export function WishRow({
  wish,
  canWrite,
  timeZone,
  busy,
  onGrant,
  onDecline,
}: {
  wish: StaffWish;
  canWrite: boolean;
  timeZone: string;
  busy: boolean;
  onGrant: (wish: StaffWish, quantity: number) => void;
  onDecline: (wish: StaffWish) => void;
}) {
  const { t } = useTranslation('staff');
  const cap = grantCap(wish);
  const [quantity, setQuantity] = useState(String(cap));
  const [error, setError] = useState('');
  const name = memberName(wish);
  const inputId = `grant-${wish.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : NaN;
    if (!(value >= 1 && value <= cap)) {
      setError(t('wishes.grant.range', { max: cap }));
      return;
    }
    setError('');
    onGrant(wish, value);
  };

  return (
    <tr role="row" data-testid="wish-row" data-email={wish.email}>
      <td role="cell" className="member-cell staff-table__primary">
        <span className="alloc-grid__name">{name}</span>
        <span className="alloc-grid__email">
          <EmailText value={wish.email} />
        </span>
      </td>
      <td role="cell" className="staff-table__nowrap" data-label={t('wishes.columns.wine')}>
        {wineTitle({
          name: wish.wineName,
          vintage: wish.vintage,
          sizeMl: wish.sizeMl,
        })}
        <span className="alloc-grid__email">{t('wishes.maximumNow', { count: wish.maximum })}</span>
      </td>
      <td role="cell" className="staff-table__num" data-label={t('wishes.columns.asked')}>
        {wish.quantity}
      </td>
      <td role="cell" className="staff-table__num" data-label={t('wishes.columns.left')}>
        {wish.left}
      </td>
      <td role="cell" className="wish-history" data-label={t('wishes.columns.history')}>
        {[
          t('wishes.history.offerings', { count: wish.history.offerings }),
          t('wishes.history.orders', { count: wish.history.ordered }),
          t('wishes.history.granted', { count: wish.history.wishesGranted }),
        ].join(', ')}
        {wish.history.memberSince ? (
          <span className="alloc-grid__email">
            {t('wishes.history.since', {
              date: formatDay(wish.history.memberSince),
            })}
          </span>
        ) : null}
      </td>
      <td role="cell" data-label={t('wishes.columns.status')}>
        <StatusBadge tone={TONE[wish.status]}>
          {wish.status === 'granted' && wish.grantedQuantity !== null
            ? t('wishes.status.grantedCount', { count: wish.grantedQuantity })
            : t(`wishes.status.${wish.status}`)}
        </StatusBadge>
      </td>
      {canWrite ? (
        <td role="cell" className="staff-table__sticky-end">
          {wish.status === 'requested' ? (
            <form className="wish-actions" onSubmit={submit} noValidate>
              <span className="wish-actions__row">
                <label htmlFor={inputId} className="visually-hidden">
                  {t('wishes.grant.quantityLabel', { name, max: cap })}
                </label>
                <input
                  id={inputId}
                  className="field__input alloc-grid__input"
                  type="number"
                  min={1}
                  max={cap}
                  inputMode="numeric"
                  value={quantity}
                  disabled={cap === 0}
                  onChange={(event) => setQuantity(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                <button type="submit" className="button button--small button--primary" disabled={busy || cap === 0}>
                  {t('wishes.grant.button')}
                  <span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className="button button--small button--quiet" onClick={() => onDecline(wish)} disabled={busy}>
                  {t('wishes.decline.button')}
                  <span className="visually-hidden"> {name}</span>
                </button>
              </span>
              {error ? (
                <span className="field__error" id={`${inputId}-error`}>
                  {error}
                </span>
              ) : null}
              {cap === 0 ? <span className="field__hint">{t('wishes.grant.noneLeft')}</span> : null}
            </form>
          ) : (
            <span className="field__hint">{formatDateTime(wish.decidedAt, timeZone)}</span>
          )}
        </td>
      ) : null}
    </tr>
  );
}
