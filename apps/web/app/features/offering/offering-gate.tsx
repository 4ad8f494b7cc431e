import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AllocationDetail, AllocationMetaData, AllocationStatus, AllocationSummary } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { useMemberStatus } from '../../lib/member-status/member-status.api';
import { isWindowOpen, offeringRedirect, type OfferingPage } from './offering-access';

export interface OfferingAccess {
  status: AllocationStatus;
  current: AllocationSummary | null;
  detail: AllocationDetail | null;
  metaData: AllocationMetaData | null;
  /** The offering's window is open now: choosing and paying are, also after an order. */
  open: boolean;
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
 * Closed, or the account.
 */
export function OfferingGate({ page, children }: { page: OfferingPage; children: (access: OfferingAccess) => ReactNode }) {
  const { t } = useTranslation();
  const memberStatus = useMemberStatus();
  if (memberStatus.isError) return <OfferingLoadFailed message={t('offering.loadFailed')} onRetry={memberStatus.refetch} />;
  if (memberStatus.isLoading || !memberStatus.status) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.loading')} />
      </div>
    );
  }
  const metaData = memberStatus.detail?.metaData ?? null;
  const open = isWindowOpen(memberStatus.detail);
  const redirect = offeringRedirect(page, memberStatus.status, metaData, { open });
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children({ status: memberStatus.status, current: memberStatus.current, detail: memberStatus.detail, metaData, open })}</>;
}
