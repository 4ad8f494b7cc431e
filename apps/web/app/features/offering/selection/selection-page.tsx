import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFERING_PATHS, type AllocationMetaData, type Cart, type Offering, type SelectionLine } from '@winery/domain';
import { PageLoading } from '../../../components/page-loading';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatDate, formatMoney } from '../../../lib/format';
import { sessionQueryKeys } from '../../../lib/session/session';
import { usePutHold } from '../hold.api';
import { useSession } from '../../../lib/session/session.api';
import { ClosingCountdown } from '../closing-countdown';
import { selectionTitleKey } from '../offering-access';
import { offeringQueryKey } from '../offering.api';
import { createCartSaver } from './cart-saver';
import { useAllocationCart, useSaveCart, useSaveDraft } from './selection.api';
import {
  cartErrorFeedback,
  choosableMaximum,
  combinationConditions,
  initialQuantities,
  limitMessage,
  selectionFeedback,
  selectionLines,
  type Quantities,
} from './selection-feedback';
import { WineCard } from './wine-card';

/** A message handed to the selection page by the checkout (a wine sold out meanwhile). */
export interface SelectionNotice {
  notice?: string;
}

type Messages = { byWine: Record<string, string[]>; general: string[] };

const sameLines = (a: readonly SelectionLine[], b: readonly SelectionLine[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The selection page (/offering/allocation, named Allocation on screen): every wine of the
 * member's allocation with its limits, the quantities chosen, the domain's checks as the member
 * types, and the way on to checkout. The choice is the member's server-side cart: read when the
 * page opens (from whichever tab or device made it), saved as they choose, and read again when the
 * tab comes back into focus.
 */
export function SelectionPage({ offering, metaData }: { offering: Offering; metaData: AllocationMetaData | null }) {
  const { t } = useTranslation();
  const cart = useAllocationCart(offering.allocationId);
  // Each visit reads the saved choice afresh (another tab or device may have changed it).
  if (!cart.isFetchedAfterMount && cart.isFetching) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.loading')} />
      </div>
    );
  }
  const saved = cart.data && cart.data.allocationId === offering.allocationId ? cart.data : null;
  return <WineChooser key={offering.allocationId} offering={offering} metaData={metaData} saved={saved} />;
}

function WineChooser({ offering, metaData, saved }: { offering: Offering; metaData: AllocationMetaData | null; saved: Cart | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { customerId } = useSession();
  const save = useSaveCart();
  const hold = usePutHold(offering.allocationId);
  const saveDraft = useSaveDraft(offering.allocationId);
  const [quantities, setQuantities] = useState<Quantities>(() => initialQuantities(offering.wines, saved?.lines));
  const [atLimit, setAtLimit] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<Messages | null>(null);
  const [draftProblem, setDraftProblem] = useState<Messages | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const notice = (location.state as SelectionNotice | null)?.notice;

  // A wine that sold out since the page opened counts for nothing, whatever its field still says.
  const chosen = useMemo<Quantities>(() => {
    const available = new Set(offering.wines.filter((wine) => wine.available).map((wine) => wine.id));
    return Object.fromEntries(Object.entries(quantities).map(([wineId, quantity]) => [wineId, available.has(wineId) ? quantity : 0]));
  }, [quantities, offering]);
  const lines = useMemo(() => selectionLines(chosen), [chosen]);
  const feedback = useMemo(() => selectionFeedback(chosen, offering), [chosen, offering]);
  const conditions = useMemo(() => combinationConditions(offering), [offering]);

  // ---- saving the choice as it is made -------------------------------------------------------
  const saveDraftRef = useRef(saveDraft);
  saveDraftRef.current = saveDraft;
  /** The lines the server is known to hold: a read that brings something else was changed elsewhere. */
  const serverLines = useRef<SelectionLine[]>(saved?.lines ?? []);
  /** When the cart the page knows was last changed: a read of an older one is not news. */
  const serverChangedAt = useRef<string | null>(saved?.updatedAt ?? null);
  const knowCart = (cart: Cart | null, lines: SelectionLine[]) => {
    serverLines.current = lines;
    if (cart) serverChangedAt.current = cart.updatedAt;
  };
  const saver = useMemo(
    () =>
      createCartSaver({
        save: (draft: SelectionLine[], options: { keepalive: boolean }) => saveDraftRef.current(draft, options),
        onSaved: (cart, draft) => {
          knowCart(cart, draft);
          setDraftProblem(null);
        },
        onFailed: (error) => {
          if (isApiError(error) && error.status === 409) {
            // Closed meanwhile: the member's status decides where they go.
            void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
          } else if (isApiError(error) && error.status >= 400 && error.status < 500) {
            // The limits changed since the page was read (staff, or an order from another tab).
            void queryClient.invalidateQueries({ queryKey: offeringQueryKey(customerId, offering.allocationId) });
            setDraftProblem(cartErrorFeedback(error.errors, error.message));
          } else {
            setDraftProblem({ byWine: {}, general: [t('offering.allocation.draftFailed')] });
          }
        },
      }),
    // One saver for the page's life; what it calls is read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => {
    saver.know(serverLines.current);
  }, [saver]);

  // Leaving the page (to the vintage notes, closing the tab, hiding it on a phone) saves at once.
  useEffect(() => {
    const leave = () => void saver.flush({ keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      void saver.flush();
    };
  }, [saver]);

  // Another tab or device changed the choice (read again on focus): show theirs, unless this page
  // has a change of its own still on its way. The page read it just before this mounted.
  const cart = useAllocationCart(offering.allocationId, { readOnMount: false });
  const latest = useMemo(
    () => (cart.data === undefined ? undefined : cart.data && cart.data.allocationId === offering.allocationId ? cart.data : null),
    [cart.data, offering.allocationId],
  );
  useEffect(() => {
    if (latest === undefined || saver.busy()) return;
    const lines = latest?.lines ?? [];
    if (sameLines(lines, serverLines.current)) return;
    if (latest && serverChangedAt.current && latest.updatedAt <= serverChangedAt.current) return;
    knowCart(latest, lines);
    saver.know(lines);
    setQuantities(initialQuantities(offering.wines, lines));
    setAtLimit(new Set());
  }, [latest, saver, offering.wines]);

  const setQuantity = (wineId: string, quantity: number) => {
    setServer(null);
    // The note on the limit stays while the field holds the limit.
    const wine = offering.wines.find((candidate) => candidate.id === wineId);
    setAtLimit((current) => {
      if (!current.has(wineId) || (wine && quantity >= choosableMaximum(wine))) return current;
      const next = new Set(current);
      next.delete(wineId);
      return next;
    });
    const next = { ...quantities, [wineId]: quantity };
    setQuantities(next);
    saver.schedule(selectionLines(next));
  };

  const reachLimit = (wineId: string) => setAtLimit((current) => new Set(current).add(wineId));

  // Messages show once the member has chosen something (or tried to go on), not on arrival.
  const speak = attempted || !feedback.empty;
  const general = [
    ...(speak ? feedback.general : []),
    ...(attempted && feedback.empty ? [t('offering.allocation.chooseSomething')] : []),
    ...(server?.general ?? []),
    ...(draftProblem?.general.filter((message) => !server?.general.includes(message)) ?? []),
  ];

  const onContinue = async () => {
    setAttempted(true);
    setServer(null);
    if (!feedback.valid) {
      summaryRef.current?.focus();
      return;
    }
    // The full check replaces any draft still waiting; one already sent lands first.
    saver.cancel();
    await saver.settled();
    try {
      const cart = await save.mutateAsync({ allocationId: offering.allocationId, lines });
      knowCart(cart, lines);
      saver.know(lines);
      if (!(await holdForCheckout(cart.id))) return;
      void navigate(OFFERING_PATHS.checkout);
    } catch (error) {
      // Not saved as a whole: keep the choice as a draft at least.
      saver.schedule(lines);
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

  /**
   * Going on to checkout holds the bottles chosen (a live hold is replaced, keeping its expiry). A
   * wine short of bottles is said beside it and the member stays to change the choice; a hold that
   * cannot be made for another reason (the network) does not stop them ordering.
   */
  const holdForCheckout = async (cartId: string): Promise<boolean> => {
    try {
      await hold.mutateAsync({ cartId });
      return true;
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) return true;
      if (error.errors.length > 0) {
        // What is left changed: the page reads the wines again.
        void queryClient.invalidateQueries({ queryKey: offeringQueryKey(customerId, offering.allocationId) });
      } else {
        // Closed, or the member's place in the waiting room: their status decides where they go.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.allocation });
      }
      setServer(cartErrorFeedback(error.errors, error.message));
      summaryRef.current?.focus();
      return false;
    }
  };

  const endDate = formatDate(offering.closesAt);
  const adding = offering.wines.some((wine) => wine.ordered > 0);
  // The order minimum counts what the member holds already; once that meets it, it is not said.
  const heldCents = offering.wines.reduce((sum, wine) => sum + wine.ordered * wine.priceCents, 0);
  return (
    <div className="page offering-page offering-page--selection">
      <header className="offering-header">
        <p className="eyebrow">{t(`nav.${selectionTitleKey(metaData)}`)}</p>
        <h1 className="page-title">{offering.name}</h1>
        <p className="lede">
          {t('offering.allocation.intro')} {endDate ? t('offering.allocation.closes', { date: endDate }) : null}
        </p>
        <ClosingCountdown offering={offering} />
        {adding ? (
          <p className="notice offering-header__notice" data-testid="adding-notice">
            {t('offering.allocation.adding')}
          </p>
        ) : null}
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
                  messages={[
                    ...new Set([
                      ...(speak ? (feedback.byWine[wine.id] ?? []) : []),
                      ...(server?.byWine[wine.id] ?? []),
                      ...(draftProblem?.byWine[wine.id] ?? []),
                    ]),
                  ]}
                  limitNote={atLimit.has(wine.id) ? limitMessage(wine) : null}
                  onChange={(quantity) => setQuantity(wine.id, quantity)}
                  onLimit={() => reachLimit(wine.id)}
                />
              </li>
            ))}
          </ul>
          {/* On a phone this is a bar kept at the bottom of the screen while the wines scroll by. */}
          <section className="selection-summary card" aria-labelledby="selection-summary-heading">
            <div ref={summaryRef} tabIndex={-1} className="selection-summary__inner" data-testid="selection-summary">
              <h2 id="selection-summary-heading" className="selection-summary__heading">
                {t('offering.allocation.summaryHeading')}
              </h2>
              <dl className="totals selection-summary__totals">
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
              {offering.orderMinimumCents > heldCents ? (
                <p className="selection-summary__note muted">
                  {t('offering.allocation.orderMinimumNote', { amount: formatMoney(offering.orderMinimumCents) })}
                </p>
              ) : null}
              <p className="selection-summary__note selection-summary__kept muted">{t('offering.allocation.kept')}</p>
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
                className="button button--primary button--block selection-summary__continue"
                onClick={() => void onContinue()}
                disabled={save.isPending || hold.isPending}
                aria-busy={save.isPending || hold.isPending}
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
