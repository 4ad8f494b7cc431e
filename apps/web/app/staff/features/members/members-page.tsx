import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, selectColumn } from '../../components/data-table';
import { EmailText } from '../../components/email-text';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore, ReadOnlyNote } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole } from '../../session/staff-session.api';
import { useCsvDownload } from '../../lib/download-csv';
import { formatDay } from '../../lib/time-zone';
import { useUrlFilters } from '../../lib/use-url-filters';
import { MemberFiltersForm } from './member-filters';
import { MEMBER_FILTER_KEYS, type MemberFilters, type StaffMemberListItem } from './members.api';
import { MoveToTier } from './move-to-tier';

/** What the API is sent: a country once it is two letters, a state once it is two or three. */
function apiFilters(filters: MemberFilters): MemberFilters {
  const sent = { ...filters };
  if (sent.countryCode && !/^[A-Z]{2}$/.test(sent.countryCode)) delete sent.countryCode;
  if (sent.stateCode && sent.stateCode.length < 2) delete sent.stateCode;
  return sent;
}

/** /staff/members: search and filter the members, choose some and move them into a tier, export. */
export function MembersPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { filters, set: onChange } = useUrlFilters(MEMBER_FILTER_KEYS);
  const query = useMemo(() => apiFilters(filters), [filters]);
  const list = usePagedList<StaffMemberListItem>('/members', query, { limit: 100 });

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = list.items.length > 0 && list.items.every((member) => selected.has(member.id));
  const toggleAll = (on: boolean) => setSelected(on ? new Set([...selected, ...list.items.map((member) => member.id)]) : new Set());

  const { exporting, download } = useCsvDownload(t('members.exportFailed'));
  const exportCsv = () => download('/members.csv', { query });

  const filtered = Object.keys(query).length > 0;
  return (
    <>
      <PageHeader
        title={t('members.title')}
        actions={
          <>
            <button type="button" className="button button--quiet" onClick={() => void exportCsv()} disabled={exporting} aria-busy={exporting}>
              <span className="button__spinner" aria-hidden="true" />
              {t('members.export')}
            </button>
            {canWrite ? (
              <>
                <Link className="button button--quiet" to="/staff/members/import">
                  {t('members.import')}
                </Link>
                <Link className="button button--primary" to="/staff/members/new">
                  {t('members.new')}
                </Link>
              </>
            ) : null}
          </>
        }
      />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      <MemberFiltersForm filters={filters} onChange={onChange} />
      {canWrite && selected.size > 0 ? <MoveToTier selected={[...selected]} onDone={() => setSelected(new Set())} onClear={() => setSelected(new Set())} /> : null}
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={filtered ? t('members.noMatch') : t('members.empty')} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t('members.caption')}
          rows={list.items}
          rowKey={(member) => member.id}
          columns={[
            ...(canWrite
              ? [
                  selectColumn<StaffMemberListItem>({
                    allLabel: t('members.selectAll'),
                    allChecked: allShown,
                    onAll: toggleAll,
                    rowLabel: (member) => t('members.selectOne', { name: `${member.firstName} ${member.lastName}` }),
                    isChecked: (member) => selected.has(member.id),
                    onToggle: (member, checked) => toggle(member.id, checked),
                  }),
                ]
              : []),
            {
              key: 'name',
              header: t('members.fields.name'),
              primary: true,
              // The e-mail under the name, as on the orders: a column of its own made the table too wide for a small laptop.
              cell: (member) => (
                <>
                  <Link to={`/staff/members/${member.id}`} className="staff-table__strong">
                    {member.lastName}, {member.firstName}
                  </Link>
                  <br />
                  <span className="staff-muted">
                    <EmailText value={member.email} />
                  </span>
                </>
              ),
            },
            { key: 'phone', header: t('members.fields.phone'), className: 'staff-table__nowrap', cell: (member) => member.phone ?? '—' },
            { key: 'tier', header: t('members.fields.tier'), cell: (member) => member.tierName ?? <span className="staff-muted">{t('members.noTier')}</span> },
            { key: 'since', header: t('members.fields.memberSince'), className: 'staff-table__nowrap', cell: (member) => formatDay(member.memberSince) || '—' },
            {
              key: 'state',
              header: t('members.fields.state'),
              cell: (member) =>
                member.active ? <StatusBadge tone="positive">{t('members.active')}</StatusBadge> : <StatusBadge tone="negative">{t('members.deactivated')}</StatusBadge>,
            },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
    </>
  );
}
