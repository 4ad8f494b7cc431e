import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Confirm } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { DateTime } from '../../components/date-time';
import { EmailText } from '../../components/email-text';
import { SelectInput } from '../../components/fields';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore, ReadOnlyNote } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { PROSPECTS_PATH, useDecideProspect, type ProspectRequest, type ProspectTab } from './prospects.api';

const TABS: ProspectTab[] = ['waiting', 'approved', 'declined'];

/** /staff/prospects: requests to join in the order they arrived, approved or declined one by one. */
export function ProspectsPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  const timeZone = useTimeZone();
  const [params, setParams] = useSearchParams();
  const status = (TABS as string[]).includes(params.get('status') ?? '') ? (params.get('status') as ProspectTab) : 'waiting';
  const kind = params.get('kind') ?? '';
  const list = usePagedList<ProspectRequest>(PROSPECTS_PATH, { status, kind });
  const decide = useDecideProspect();
  const [asking, setAsking] = useState<{ request: ProspectRequest; decision: 'approve' | 'decline' } | null>(null);

  const name = (request: ProspectRequest) => [request.prefix, request.firstName, request.lastName].filter(Boolean).join(' ');
  const confirm = () => {
    if (!asking) return;
    const { request, decision } = asking;
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => toastSaved(t(`prospects.done.${decision}`, { name: name(request) })),
        onError: (error) => toastFailed(error, t('prospects.failed')),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <>
      <PageHeader title={t('pages.prospects.title')} lede={t('prospects.lede')} />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      <nav aria-label={t('prospects.tabsLabel')}>
        <ul className="staff-tabs">
          {TABS.map((tab) => (
            <li key={tab}>
              <Link className="staff-tabs__tab" to={`?status=${tab}${kind ? `&kind=${kind}` : ''}`} aria-current={tab === status ? 'page' : undefined}>
                {t(`prospects.tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="staff-toolbar">
        <SelectInput
          id="prospect-kind"
          label={t('prospects.kindFilter')}
          value={kind}
          onChange={(value) => setParams(value ? { status, kind: value } : { status }, { replace: true })}
          options={[
            { value: '', label: t('prospects.anyKind') },
            { value: 'allocation', label: t('prospects.kinds.allocation') },
            { value: 'founders-list', label: t('prospects.kinds.founders-list') },
          ]}
        />
      </div>
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={t(`prospects.empty.${status}`)} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t(`prospects.tabs.${status}`)}
          rows={list.items}
          rowKey={(request) => request.id}
          columns={[
            ...(status === 'waiting' ? [{ key: 'position', header: kind ? t('prospects.position') : t('prospects.positionInItsList'), numeric: true, className: 'staff-table__place', cell: (request: ProspectRequest, index: number) => request.position ?? index + 1 }] : []),
            { key: 'arrived', header: t('prospects.arrived'), cell: (request) => <DateTime value={request.createdAt} timeZone={timeZone} /> },
            {
              key: 'name',
              header: t('prospects.name'),
              primary: true,
              cell: (request) => (
                <>
                  <span className="staff-table__strong">{name(request)}</span>
                  <br />
                  <a href={`mailto:${request.email}`}>
                    <EmailText value={request.email} />
                  </a>
                  <br />
                  <span className="staff-muted">
                    <span className="visually-hidden">{t('prospects.place')}: </span>
                    {[request.address.city, request.address.stateCode, request.address.countryCode].filter(Boolean).join(', ')}
                  </span>
                </>
              ),
            },
            {
              // What they ask for: the list, and for the Founder's List the allocation they hope for, in
              // one column so the waiting list fits a small laptop beside the navigation (1024 px).
              key: 'request',
              header: t('prospects.request'),
              cell: (request) => (
                <>
                  <StatusBadge tone="neutral">{t(`prospects.kinds.${request.kind}`)}</StatusBadge>
                  {request.idealAllocation ? (
                    <span className="staff-prospect-ideal">
                      <span className="visually-hidden">{t('prospects.idealAllocation')}: </span>
                      {request.idealAllocation}
                    </span>
                  ) : null}
                </>
              ),
            },
            status === 'waiting'
              ? {
                  key: 'actions',
                  header: t('prospects.decision'),
                  label: '',
                  sticky: 'end' as const,
                  cell: (request) =>
                    canWrite ? (
                      <span className="staff-actions">
                        <button type="button" className="button button--small button--primary" onClick={() => setAsking({ request, decision: 'approve' })}>
                          {t('prospects.approve')}
                          <span className="visually-hidden"> {name(request)}</span>
                        </button>
                        <button type="button" className="button button--small button--quiet" onClick={() => setAsking({ request, decision: 'decline' })}>
                          {t('prospects.decline')}
                          <span className="visually-hidden"> {name(request)}</span>
                        </button>
                      </span>
                    ) : (
                      '—'
                    ),
                }
              : { key: 'decided', header: t('prospects.decidedAt'), cell: (request) => <DateTime value={request.decidedAt} timeZone={timeZone} /> },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
      <Confirm
        open={asking !== null}
        title={asking ? t(`prospects.confirm.${asking.decision}.title`, { name: name(asking.request) }) : ''}
        body={asking ? t(`prospects.confirm.${asking.decision}.body`) : ''}
        confirmLabel={asking ? t(`prospects.${asking.decision}`) : ''}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
