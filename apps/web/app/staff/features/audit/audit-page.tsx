import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '@winery/domain';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore } from '../../components/states';
import { formatDateTime, zonedLocalToUtc } from '../../lib/time-zone';
import { usePagedList } from '../../lib/use-paged-list';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { AuditFilters, AUDIT_FILTER_KEYS, type AuditFilterKey } from './audit-filters';
import { AuditDiff, AuditSubject } from './audit-entry';
import { actionLabel } from './audit-labels';

/** The day after a `yyyy-mm-dd`, so "until" includes the whole day the API reads as exclusive. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** /staff/audit (managers and admins): every staff write, newest first, with before and after. */
export function AuditPage() {
  const { t } = useTranslation('staff');
  const { role } = useStaffRole();
  const timeZone = useTimeZone();
  const { filters: chosen, set: onChange } = useUrlFilters(AUDIT_FILTER_KEYS);
  // Every filter, empty when unset: the fields show '' for "any".
  const filters = useMemo(() => Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, chosen[key] ?? ''])) as Record<AuditFilterKey, string>, [chosen]);
  const query = useMemo(
    () => ({
      staffUserId: filters.staffUserId,
      action: filters.action,
      entityType: filters.entityType,
      entityId: filters.entityId,
      from: filters.from ? (zonedLocalToUtc(`${filters.from}T00:00`, timeZone) ?? undefined) : undefined,
      to: filters.to ? (zonedLocalToUtc(`${nextDay(filters.to)}T00:00`, timeZone) ?? undefined) : undefined,
    }),
    [filters, timeZone],
  );
  const allowed = role === 'admin' || role === 'manager';
  const list = usePagedList<AuditEntryView>('/audit', query, { enabled: allowed });

  if (role === 'viewer') {
    return (
      <>
        <PageHeader title={t('audit.title')} />
        <EmptyState title={t('audit.managersOnly')} />
      </>
    );
  }

  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <PageHeader title={t('audit.title')} lede={t('audit.lede')} />
      <AuditFilters filters={filters} onChange={onChange} entries={list.items} />
      {filters.entityId && list.items[0] ? (
        // Arrived from a record's page ("History of changes"): say whose history this is, and the way back to all of it.
        <p className="staff-audit__about" data-testid="audit-about">
          {t('audit.about')} <AuditSubject entry={list.items[0]} />{' '}
          <button type="button" className="button button--small button--quiet" onClick={() => onChange('entityId', '')}>
            {t('audit.showAll')}
          </button>
        </p>
      ) : null}
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={filtered ? t('audit.noMatch') : t('audit.empty')} /> : null}
      {list.items.length > 0 ? (
        <ol className="staff-audit" aria-label={t('audit.caption')}>
          {list.items.map((entry) => (
            <li key={entry.id} className="staff-audit__entry" data-testid="audit-entry">
              <div className="staff-audit__head">
                <span className="staff-audit__action">{actionLabel(t, entry.action)}</span>
                <AuditSubject entry={entry} />
                <span className="staff-audit__who">{entry.staff ? `${entry.staff.name} · ${entry.staff.email}` : t('audit.system')}</span>
                <span className="staff-audit__when">{formatDateTime(entry.createdAt, timeZone)}</span>
              </div>
              <details className="staff-audit__details">
                <summary>{t('audit.showChanges')}</summary>
                <AuditDiff entry={entry} timeZone={timeZone} />
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
    </>
  );
}
