import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { formatClock } from '../../lib/time-zone';
import { useDashboard } from './dashboard.api';
import { OfferingCard } from './offering-card';

/** /staff: the live and the next offering at a glance, and who is waiting for an answer. */
export function DashboardPage() {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const { canWrite } = useStaffRole();
  const dashboard = useDashboard();
  const data = dashboard.data;

  return (
    <>
      <PageHeader
        title={t('pages.dashboard.title')}
        lede={
          dashboard.dataUpdatedAt ? (
            <span data-testid="dashboard-updated">{t('dashboard.updated', { time: formatClock(dashboard.dataUpdatedAt, timeZone) })}</span>
          ) : null
        }
        actions={
          canWrite ? (
            <Link className="button button--quiet" to="/staff/offerings/new">
              {t('offerings.new')}
            </Link>
          ) : null
        }
      />
      {dashboard.isPending ? <LoadingState /> : null}
      {dashboard.error && !data ? <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
      {data ? (
        <>
          <p className="dashboard-prospects">
            <Link to="/staff/prospects">{t('dashboard.prospectsWaiting', { count: data.prospectsWaiting })}</Link>
          </p>
          {data.offerings.length === 0 ? (
            <EmptyState title={t('dashboard.empty')}>
              <p>{t('dashboard.emptyHint')}</p>
            </EmptyState>
          ) : (
            <div className="dashboard-cards">
              {data.offerings.map((offering) => (
                <OfferingCard key={offering.id} offering={offering} timeZone={timeZone} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </>
  );
}
