import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore, ReadOnlyNote } from '../../components/states';
import { formatCents } from '../../lib/money';
import { formatDateTime } from '../../lib/time-zone';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import type { StaffWine } from './wines.api';

/** /staff/wines: the catalogue, searched by name as staff type (300 ms after the last key). */
export function WinesPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  const timeZone = useTimeZone();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const list = usePagedList<StaffWine>('/wines', { q });

  useEffect(() => {
    if (typed === q) return;
    const timer = window.setTimeout(() => setParams(typed ? { q: typed } : {}, { replace: true }), 300);
    return () => window.clearTimeout(timer);
  }, [typed, q, setParams]);

  return (
    <>
      <PageHeader
        title={t('pages.wines.title')}
        actions={
          canWrite ? (
            <Link className="button button--primary" to="/staff/wines/new">
              {t('wines.new')}
            </Link>
          ) : null
        }
      />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      <form className="staff-toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field staff-field">
          <label className="field__label" htmlFor="wine-search">
            {t('wines.search')}
          </label>
          <input id="wine-search" className="field__input" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
      </form>
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={q ? t('wines.noMatch', { q }) : t('wines.empty')} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t('wines.caption')}
          rows={list.items}
          rowKey={(wine) => wine.id}
          columns={[
            { key: 'name', header: t('wines.fields.name'), primary: true, cell: (wine) => <Link to={`/staff/wines/${wine.id}`}>{wine.name}</Link> },
            { key: 'vintage', header: t('wines.fields.vintage'), numeric: true, cell: (wine) => wine.vintage },
            { key: 'size', header: t('wines.fields.sizeMl'), numeric: true, cell: (wine) => wine.sizeMl.toLocaleString('en-US') },
            {
              key: 'price',
              header: t('wines.fields.price'),
              numeric: true,
              cell: (wine) => (wine.priceCents === null || wine.priceCents === undefined ? '—' : formatCents(wine.priceCents)),
            },
            { key: 'updated', header: t('wines.updated'), cell: (wine) => formatDateTime(wine.updatedAt ?? wine.createdAt, timeZone) },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
    </>
  );
}
