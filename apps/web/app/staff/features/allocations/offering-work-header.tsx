import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState, ReadOnlyNote } from '../../components/states';
import { useOffering, type StaffOffering } from '../offerings/offerings.api';
import { useStaffRole } from '../../session/staff-session.api';

export type OfferingTask = 'allocations' | 'invitations' | 'wishes';
const TASKS: OfferingTask[] = ['allocations', 'invitations', 'wishes'];

export const offeringTaskPath = (offeringId: string, task: OfferingTask) => `/staff/offerings/${encodeURIComponent(offeringId)}/${task}`;

/**
 * The top of an offering's Allocations, Invitations and Wishes pages: the offering's name (a link
 * to edit it), the page's title and actions, and tabs between the three. Renders the page once the
 * offering is read.
 */
export function OfferingWork({
  offeringId,
  task,
  lede,
  actions,
  children,
}: {
  offeringId: string;
  task: OfferingTask;
  lede?: ReactNode;
  actions?: (offering: StaffOffering) => ReactNode;
  children: (offering: StaffOffering) => ReactNode;
}) {
  const { t } = useTranslation('staff');
  const { role } = useStaffRole();
  const offering = useOffering(offeringId);
  const data = offering.data;
  return (
    <>
      <PageHeader
        eyebrow={data ? <Link to={`/staff/offerings/${encodeURIComponent(offeringId)}`}>{data.name}</Link> : null}
        title={t(`pages.${task}.title`)}
        lede={lede}
        actions={data && actions ? actions(data) : null}
      />
      <nav aria-label={t('allocations.tabsLabel')}>
        <ul className="staff-tabs">
          {TASKS.map((each) => (
            <li key={each}>
              <Link className="staff-tabs__tab" to={offeringTaskPath(offeringId, each)} aria-current={each === task ? 'page' : undefined}>
                {t(`nav.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      {offering.isPending ? <LoadingState /> : null}
      {offering.error ? <ErrorState error={offering.error} onRetry={() => void offering.refetch()} /> : null}
      {data ? children(data) : null}
    </>
  );
}
