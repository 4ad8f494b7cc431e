import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFERING_PATHS, type AllocationMetaData, type Offering } from '@winery/domain';
import { PageLoading } from '../../../components/page-loading';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatDate, formatMoney } from '../../../lib/format';
import { sessionQueryKeys } from '../../../lib/session/session';
import { clearCartId } from './cart-storage';
import { selectionTitleKey } from '../offering-access';
import { useSaveCart, useStoredCart } from './selection.api';
import { cartErrorFeedback, combinationConditions, initialQuantities, selectionFeedback, selectionLines, type Quantities } from './selection-feedback';
import { WineCard } from './wine-card';

/** A message handed to the selection page by the checkout (a wine sold out meanwhile). */
export interface SelectionNotice {
  notice?: string;
}

/**
 * The selection page (/offering/allocation, named Allocation on screen): every wine of the
 * member's allocation with its limits, the quantities chosen (the saved cart's, when there is one
 * for this offering), the domain's checks as the member types, and the way on to checkout.
 */
export function SelectionPage({ offering, metaData }: { offering: Offering; metaData: AllocationMetaData | null }) {
  const { t } = useTranslation();
  const { cartId, cart } = useStoredCart();
  // A stored cart the server no longer knows (ordered, or gone) is forgotten.
  useEffect(() => {
    if (cart.isError && isApiError(cart.error) && cart.error.status === 404) clearCartId();
  }, [cart.isError, cart.error]);

  if (cartId && cart.isLoading) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.loading')} />
      </div>
    );
  }
  // A cart of another offering (or one that is gone) is not this choice.
  const savedLines = cart.data && cart.data.allocationId === offering.allocationId ? cart.data.lines : null;
  return <WineChooser key={offering.allocationId} offering={offering} metaData={metaData} initial={initialQuantities(offering.wines, savedLines)} />;
}

function WineChooser({ offering, metaData, initial }: { offering: Offering; metaData: AllocationMetaData | null; initial: Quantities }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const save = useSaveCart();
  const [quantities, setQuantities] = useState<Quantities>(initial);
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<{ byWine: Record<string, string[]>; general: string[] } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const notice = (location.state as SelectionNotice | null)?.notice;

  // A wine that sold out since the page opened counts for nothing, whatever its field still says.
  const chosen = useMemo<Quantities>(() => {
    const available = new Set(offering.wines.filter((wine) => wine.available).map((wine) => wine.id));
    return Object.fromEntries(Object.entries(quantities).map(([wineId, quantity]) => [wineId, available.has(wineId) ? quantity : 0]));
  }, [quantities, offering]);
  const feedback = useMemo(() => selectionFeedback(chosen, offering), [chosen, offering]);
  const conditions = useMemo(() => combinationConditions(offering), [offering]);
  // Messages show once the member has chosen something (or tried to go on), not on arrival.
  const speak = attempted || !feedback.empty;
  const general = [
    ...(speak ? feedback.general : []),
    ...(attempted && feedback.empty ? [t('offering.allocation.chooseSomething')] : []),
    ...(server?.general ?? []),
  ];

  const setQuantity = (wineId: string, quantity: number) => {
    setServer(null);
    setQuantities((current) => ({ ...current, [wineId]: quantity }));
  };

  const onContinue = async () => {
    setAttempted(true);
    setServer(null);
    if (!feedback.valid) {
      summaryRef.current?.focus();
      return;
    }
    try {
      await save.mutateAsync({ allocationId: offering.allocationId, lines: selectionLines(chosen) });
      void navigate(OFFERING_PATHS.checkout);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Closed meanwhile (or the allocation changed): the member's status decides where they go.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
      }
      setServer(
        isApiError(error) && error.status >= 400 && error.status < 500
          ? cartErrorFeedback(error.errors, error.message)
          : { byWine: {}, general: [errorMessage(error, t('offering.allocation.saveFailed'))] },
      );
      summaryRef.current?.focus();
    }
  };

  const endDate = formatDate(offering.endDate);
  return (
    <div className="page offering-page offering-page--selection">
      <header className="offering-header">
        <p className="eyebrow">{t(`nav.${selectionTitleKey(metaData)}`)}</p>
        <h1 className="page-title">{offering.name}</h1>
        <p className="lede">
          {t('offering.allocation.intro')} {endDate ? t('offering.allocation.closes', { date: endDate }) : null}
        </p>
      </header>
      {notice ? (
        <div className="alert alert--error" role="alert" data-testid="allocation-notice">
          <p className="alert__title">{notice}</p>
        </div>
      ) : null}
      {offering.wines.length === 0 ? (
        <div className="empty-state" data-testid="empty-state">
          <p className="empty-state__title">{t('offering.allocation.empty')}</p>
          <p className="muted">{t('offering.allocation.emptyHint')}</p>
        </div>
      ) : (
        <div className="selection">
          <ul className="wine-list" aria-label={t('offering.allocation.listLabel')}>
            {offering.wines.map((wine) => (
              <li key={wine.id}>
                <WineCard
                  allocationId={offering.allocationId}
                  wine={wine}
                  conditions={conditions[wine.id]}
                  quantity={chosen[wine.id] ?? 0}
                  messages={[...(speak ? (feedback.byWine[wine.id] ?? []) : []), ...(server?.byWine[wine.id] ?? [])]}
                  onChange={(quantity) => setQuantity(wine.id, quantity)}
                />
              </li>
            ))}
          </ul>
          <section className="selection-summary card" aria-labelledby="selection-summary-heading">
            <div ref={summaryRef} tabIndex={-1} className="selection-summary__inner" data-testid="selection-summary">
              <h2 id="selection-summary-heading" className="selection-summary__heading">
                {t('offering.allocation.summaryHeading')}
              </h2>
              <dl className="totals">
                <div className="totals__row">
                  <dt>{t('offering.allocation.bottlesChosen')}</dt>
                  <dd data-testid="bottle-count">{feedback.bottles}</dd>
                </div>
                <div className="totals__row totals__row--total">
                  <dt>{t('offering.totals.subtotal')}</dt>
                  <dd data-testid="allocation-subtotal" aria-live="polite">
                    {formatMoney(feedback.subtotalCents)}
                  </dd>
                </div>
              </dl>
              {offering.orderMinimumCents > 0 ? (
                <p className="selection-summary__note muted">
                  {t('offering.allocation.orderMinimumNote', { amount: formatMoney(offering.orderMinimumCents) })}
                </p>
              ) : null}
              <div aria-live="polite" className="selection-summary__messages">
                {general.length > 0 ? (
                  <ul className="form-messages" data-testid="selection-messages">
                    {general.map((message) => (
                      <li key={message} className="field__error">
                        {message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <button
                type="button"
                className="button button--primary button--block"
                onClick={() => void onContinue()}
                disabled={save.isPending}
                aria-busy={save.isPending}
              >
                <span className="button__spinner" aria-hidden="true" />
                {t('offering.allocation.continue')}
              </button>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
