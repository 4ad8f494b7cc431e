import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { DataTable } from '../../components/data-table';
import { PageHeader, Section } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore, ReadOnlyNote } from '../../components/states';
import { formatDateTime } from '../../lib/time-zone';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { BottleImport } from './bottle-import';
import { useBottle, type SuspiciousBottle } from './bottles.api';

/** /staff/bottles: import bottle IDs, look one up with its checks, and the bottles checked too often. */
export function BottlesPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  return (
    <>
      <PageHeader title={t('pages.bottles.title')} lede={t('bottles.lede')} />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      {canWrite ? <BottleImport /> : null}
      <BottleLookup />
      <SuspiciousBottles />
    </>
  );
}

function BottleLookup() {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState('');
  const bottle = useBottle(asked);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(typed.trim().toUpperCase());
  };
  const notFound = isApiError(bottle.error) && bottle.error.status === 404;
  return (
    <Section title={t('bottles.lookup.title')} id="bottles-lookup">
      <form className="staff-toolbar" role="search" onSubmit={submit}>
        <div className="field staff-field">
          <label className="field__label" htmlFor="bottle-lookup-id">
            {t('bottles.lookup.id')}
          </label>
          <input id="bottle-lookup-id" className="field__input" placeholder="A123-B89Z" autoCapitalize="characters" spellCheck={false} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className="button button--quiet">
          {t('bottles.lookup.submit')}
        </button>
      </form>
      {asked && bottle.isFetching ? <LoadingState /> : null}
      {notFound ? <p role="alert">{t('bottles.lookup.notFound', { id: asked })}</p> : null}
      {bottle.error && !notFound ? <p role="alert">{errorMessage(bottle.error, t('states.error'))}</p> : null}
      {bottle.data ? (
        <div data-testid="bottle-record">
          <dl className="staff-dl">
            <dt>{t('bottles.lookup.bottle')}</dt>
            <dd>{bottle.data.bottleId}</dd>
            <dt>{t('bottles.lookup.wine')}</dt>
            <dd>{t('dashboard.wineName', { name: bottle.data.wine.name, vintage: bottle.data.wine.vintage, size: bottle.data.wine.sizeMl })}</dd>
            <dt>{t('bottles.lookup.firstVerified')}</dt>
            <dd>{bottle.data.firstVerifiedAt ? formatDateTime(bottle.data.firstVerifiedAt, timeZone) : t('bottles.lookup.never')}</dd>
          </dl>
          {bottle.data.checks.length > 0 ? (
            <DataTable
              caption={t('bottles.lookup.checks')}
              captionHidden={false}
              rows={bottle.data.checks}
              rowKey={(check, index) => `${check.at}-${index}`}
              columns={[
                { key: 'at', header: t('bottles.lookup.at'), cell: (check) => formatDateTime(check.at, timeZone) },
                { key: 'origin', header: t('bottles.lookup.origin'), cell: (check) => check.origin },
                { key: 'result', header: t('bottles.lookup.result'), cell: (check) => check.result },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

function SuspiciousBottles() {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const list = usePagedList<SuspiciousBottle>('/bottles/suspicious');
  return (
    <Section title={t('bottles.suspicious.title')} id="bottles-suspicious">
      <p className="muted staff-section__hint">{t('bottles.suspicious.hint')}</p>
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={t('bottles.suspicious.empty')} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t('bottles.suspicious.title')}
          rows={list.items}
          rowKey={(bottle) => bottle.bottleId}
          columns={[
            { key: 'id', header: t('bottles.lookup.bottle'), cell: (bottle) => bottle.bottleId },
            { key: 'wine', header: t('bottles.lookup.wine'), cell: (bottle) => t('dashboard.wineName', { name: bottle.wine, vintage: bottle.vintage, size: bottle.sizeMl }) },
            { key: 'number', header: t('bottles.suspicious.number'), numeric: true, cell: (bottle) => bottle.bottleNumber },
            { key: 'checks', header: t('bottles.suspicious.checks'), numeric: true, cell: (bottle) => bottle.checks },
            { key: 'networks', header: t('bottles.suspicious.networks'), numeric: true, cell: (bottle) => bottle.networks },
            { key: 'countries', header: t('bottles.suspicious.countries'), numeric: true, cell: (bottle) => bottle.countries },
            { key: 'last', header: t('bottles.suspicious.last'), cell: (bottle) => formatDateTime(bottle.lastCheckedAt, timeZone) },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
    </Section>
  );
}
