import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore, ReadOnlyNote } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/time-zone';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import type { OfferingTab, StaffOfferingSummary } from './offerings.api';

/** What staff look for first: the offering members can order now (release day), then the next. */
const TABS: OfferingTab[] = ['open', 'scheduled', 'closed', 'draft'];

/** /staff/offerings: Open, Upcoming, Closed and Drafts, a tab each (?phase=); Open unless asked. */
export function OfferingsPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  const timeZone = useTimeZone();
  const [params] = useSearchParams();
  const phase = (TABS as string[]).includes(params.get('phase') ?? '') ? (params.get('phase') as OfferingTab) : 'open';
  const list = usePagedList<StaffOfferingSummary>('/offerings', { phase });

  return (
    <>
      <PageHeader
        title={t('pages.offerings.title')}
        actions={
          canWrite ? (
            <Link className="button button--primary" to="/staff/offerings/new">
              {t('offerings.new')}
            </Link>
          ) : null
        }
      />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      <nav aria-label={t('offerings.tabsLabel')}>
        <ul className="staff-tabs">
          {TABS.map((tab) => (
            <li key={tab}>
              <Link className="staff-tabs__tab" to={`?phase=${tab}`} aria-current={tab === phase ? 'page' : undefined}>
                {t(`offerings.tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={t(`offerings.empty.${phase}`)} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t(`offerings.tabs.${phase}`)}
          rows={list.items}
          rowKey={(offering) => offering.id}
          columns={[
            { key: 'name', header: t('offerings.fields.name'), primary: true, cell: (offering) => <Link to={`/staff/offerings/${offering.id}`}>{offering.name}</Link> },
            { key: 'start', header: t('offerings.fields.start'), cell: (offering) => formatDateTime(offering.startDate, timeZone) },
            { key: 'end', header: t('offerings.fields.end'), cell: (offering) => formatDateTime(offering.endDate, timeZone) },
            { key: 'wines', header: t('offerings.wineCount'), numeric: true, cell: (offering) => offering.wineCount },
            { key: 'allocations', header: t('offerings.allocationCount'), numeric: true, cell: (offering) => offering.allocationCount },
            {
              key: 'state',
              header: t('offerings.state'),
              cell: (offering) =>
                offering.status === 'draft' ? (
                  <StatusBadge tone="quiet">{t('phases.draft')}</StatusBadge>
                ) : offering.closedEarly ? (
                  <StatusBadge tone="negative">{t('offerings.closedEarly')}</StatusBadge>
                ) : (
                  <StatusBadge tone={offering.phase === 'open' ? 'positive' : offering.phase === 'scheduled' ? 'attention' : 'quiet'}>{t(`phases.${offering.phase}`)}</StatusBadge>
                ),
            },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
    </>
  );
}
