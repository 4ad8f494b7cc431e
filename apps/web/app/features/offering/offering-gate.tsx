import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { WaitingRoomSchema, type AllocationDetail, type AllocationMetaData, type AllocationStatus, type AllocationSummary } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { apiClient, customerPath } from '../../lib/api-client';
import { useMemberStatus } from '../../lib/member-status/member-status.api';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';
import { isWindowOpen, offeringRedirect, type OfferingPage } from './offering-access';
import { isBeforeOpening } from '../../lib/opening-time';

export interface OfferingAccess {
  status: AllocationStatus;
  current: AllocationSummary | null;
  detail: AllocationDetail | null;
  metaData: AllocationMetaData | null;
  /** The offering's window is open now: choosing and paying are, also after an order. */
  open: boolean;
  /** The member's own opening (their tier's) is still to come: the letter says when (issue 17). */
  beforeOpening: boolean;
}

const CHOOSING_PAGES = new Set<OfferingPage>(['selection', 'checkout', 'eventSelection']);

/**
 * Whether the member has come through the offering's waiting room, read (GET: it never joins)
 * only where it decides something: choosing and paying, when the offering has a waiting room.
 * Undefined while unknown. A room that cannot be read lets the page open: the API still refuses
 * a member whose place has not come up (409), and the page says so.
 */
function useAdmitted(allocationId: string | null | undefined, enabled: boolean): boolean | undefined {
  const { customerId, token } = useSession();
  const room = useQuery({
    queryKey: [...sessionQueryKeys.allocation, customerId, 'admission', allocationId ?? null],
    queryFn: ({ signal }) =>
      apiClient.get(`${customerPath(customerId)}/allocation/${encodeURIComponent(allocationId ?? '')}/waiting-room`, {
        token,
        schema: WaitingRoomSchema,
        signal,
      }),
    enabled: enabled && Boolean(customerId && token && allocationId),
    staleTime: 0,
    retry: 1,
  });
  if (!enabled) return true;
  if (room.isError) return true;
  if (!room.data) return undefined;
  return room.data.state === 'admitted' || room.data.state === 'no-room';
}

/** A failed load in words, with a way to ask again. */
export function OfferingLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page offering-page">
      <div className="alert alert--error" role="alert" data-testid="offering-error">
        <p className="alert__title">{message}</p>
        <button type="button" className="button button--quiet" onClick={onRetry}>
          {t('offering.retry')}
        </button>
      </div>
    </div>
  );
}

/**
 * Shows an offering page only to a member whose allocation state allows it (seed §4), and the
 * selection and checkout also to a member who has ordered while the window is open; anyone else
 * is sent to their own starting point: the letter or the selection page, the order summary, Offering
 * Closed, or the account. Before the member's own opening, the letter (saying when) is theirs;
 * with a waiting room, choosing and paying wait for their admission (issue 17).
 */
export function OfferingGate({ page, children }: { page: OfferingPage; children: (access: OfferingAccess) => ReactNode }) {
  const { t } = useTranslation();
  const memberStatus = useMemberStatus();
  const detail = memberStatus.detail;
  const beforeOpening = isBeforeOpening(detail);
  const roomDecides = CHOOSING_PAGES.has(page) && !beforeOpening && detail?.release.waitingRoom === true;
  const admitted = useAdmitted(detail?.id, roomDecides);
  const opensAt = beforeOpening ? detail?.startDate : undefined;
  const [, setOpened] = useState(0);
  useEffect(() => {
    if (!opensAt) return undefined;
    // At the member's opening the page decides again: the letter offers the allocation from then on.
    const wait = Math.min(Math.max(Date.parse(opensAt) - Date.now(), 0) + 50, 2 ** 31 - 1);
    const timer = window.setTimeout(() => setOpened((n) => n + 1), wait);
    return () => window.clearTimeout(timer);
  }, [opensAt]);
  if (memberStatus.isError) return <OfferingLoadFailed message={t('offering.loadFailed')} onRetry={memberStatus.refetch} />;
  if (memberStatus.isLoading || !memberStatus.status || admitted === undefined) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.loading')} />
      </div>
    );
  }
  const metaData = detail?.metaData ?? null;
  const open = isWindowOpen(detail);
  const redirect = offeringRedirect(page, memberStatus.status, metaData, { open, beforeOpening, queued: !admitted });
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children({ status: memberStatus.status, current: memberStatus.current, detail, metaData, open, beforeOpening })}</>;
}
