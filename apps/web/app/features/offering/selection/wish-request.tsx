import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MAX_BOTTLES_PER_WINE, type OfferingWine } from '@winery/domain';
import { toastFailure } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/api-error';
import { useRequestWish } from './selection.api';
import { wineTitle } from '../../../lib/wine-format';

/**
 * Asking for more bottles than the allocation allows (a wish): the winery's team grants it later
 * if it can. Open to a sold-out wine as well.
 */
export function WishRequest({ allocationId, wine }: { allocationId: string; wine: OfferingWine }) {
  const { t } = useTranslation(['common', 'notification']);
  const request = useRequestWish(allocationId);
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const title = wineTitle(wine);
  const wish = wine.wish;

  const close = () => {
    setOpen(false);
    setError(null);
    requestAnimationFrame(() => toggleRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number.parseInt(quantity, 10);
    // Whole bottles only, and the range said, so the member knows what to type instead.
    if (!/^\s*\d+\s*$/.test(quantity) || value < 1 || value > MAX_BOTTLES_PER_WINE) {
      setError(t('offering.wish.range', { min: 1, max: MAX_BOTTLES_PER_WINE }));
      return;
    }
    setError(null);
    try {
      await request.mutateAsync({ wineId: wine.id, quantity: value });
      toast.success(t('notification:wish.success', { wine: title }));
      close();
    } catch (failure) {
      setError(errorMessage(failure, t('notification:wish.failed')));
      toastFailure(t('notification:wish.failed'), failure);
    }
  };

  return (
    <div className="wish" data-testid="wish">
      {wish ? (
        <p className="wish__status" role="status" data-testid="wish-status">
          {t(`offering.wish.status.${wish.status}`, { count: wish.quantity })}
        </p>
      ) : null}
      {open ? (
        <form className="wish__form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('offering.wish.formLabel', { wine: title })}>
          <div className={`field wish__field${error ? ' field--invalid' : ''}`}>
            <label htmlFor={inputId} className="field__label">
              {t('offering.wish.quantity')}
            </label>
            <input
              id={inputId}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_BOTTLES_PER_WINE}
              value={quantity}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
              onChange={(event) => setQuantity(event.target.value)}
            />
            {error ? (
              <p id={`${inputId}-error`} className="field__error">
                {error}
              </p>
            ) : (
              <p id={`${inputId}-hint`} className="field__hint">
                {t('offering.wish.hint', { count: wine.maximum })}
              </p>
            )}
          </div>
          <div className="wish__actions">
            <button type="submit" className="button button--primary button--small" disabled={request.isPending} aria-busy={request.isPending}>
              <span className="button__spinner" aria-hidden="true" />
              {t('offering.wish.send')}
            </button>
            <button type="button" className="button button--link" onClick={close} disabled={request.isPending}>
              {t('offering.wish.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button ref={toggleRef} type="button" className="button button--link wish__toggle" onClick={() => setOpen(true)}>
          {wish ? t('offering.wish.change') : t('offering.wish.open')}
          <span className="visually-hidden"> {t('offering.allocation.ofWine', { wine: title })}</span>
        </button>
      )}
    </div>
  );
}
