import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATION_STATES } from '@winery/domain';
import { wineTitle } from '../../../lib/wine-format';
import { Confirm } from '../../components/confirm';
import { SelectInput, TextInput } from '../../components/fields';
import { EmptyState, ErrorState, LoadingState, LoadMore } from '../../components/states';
import type { StaffOffering } from '../offerings/offerings.api';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole } from '../../session/staff-session.api';
import { AddMembersDialog } from './add-members-dialog';
import { AllocationGrid } from './allocation-grid';
import { useTiers } from '../tiers/tiers.api';
import { useCsvDownload } from '../../lib/download-csv';
import { allocationsPath, useRemoveAllocation, useSaveAllocation, type StaffAllocation } from './allocations.api';
import { BulkSetDialog } from './bulk-set-dialog';
import { CsvImportDialog } from './csv-import-dialog';
import { OfferingWork } from './offering-work-header';
import { useFilterParams } from './use-filter-params';

type Open = 'bulk' | 'add' | 'import' | null;

/** /staff/offerings/:offeringId/allocations: who gets what, member by member. */
export function AllocationsPage({ offeringId }: { offeringId: string }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const [open, setOpen] = useState<Open>(null);
  const { exporting, download } = useCsvDownload(t('allocations.export.failed'));
  const onExport = (offering: StaffOffering) => download(`${allocationsPath(offeringId)}.csv`, { fileName: `allocations-${offering.slug}.csv` });

  return (
    <OfferingWork
      offeringId={offeringId}
      task="allocations"
      lede={t(canWrite ? 'allocations.lede' : 'allocations.ledeRead')}
      actions={(offering) => (
        <>
          <button type="button" className="button button--small button--quiet" onClick={() => void onExport(offering)} disabled={exporting} aria-busy={exporting}>
            {t('allocations.export.button')}
          </button>
          {canWrite ? (
            <>
              <button type="button" className="button button--small button--quiet" onClick={() => setOpen('import')}>
                {t('allocations.import.button')}
              </button>
              <button type="button" className="button button--small button--quiet" onClick={() => setOpen('add')}>
                {t('allocations.add.button')}
              </button>
              <button type="button" className="button button--small button--primary" onClick={() => setOpen('bulk')}>
                {t('allocations.bulk.button')}
              </button>
            </>
          ) : null}
        </>
      )}
    >
      {(offering) => <AllocationsBody offering={offering} open={open} setOpen={setOpen} canWrite={canWrite} />}
    </OfferingWork>
  );
}

function AllocationsBody({ offering, open, setOpen, canWrite }: { offering: StaffOffering; open: Open; setOpen: (open: Open) => void; canWrite: boolean }) {
  const { t } = useTranslation('staff');
  const filters = useFilterParams(['tier', 'state'] as const);
  const { tier, state } = filters.values;
  const list = usePagedList<StaffAllocation>(allocationsPath(offering.id), { q: filters.q, tierId: tier, state });
  const tiers = useTiers();
  const save = useSaveAllocation(offering.id);
  const remove = useRemoveAllocation(offering.id);
  const [removing, setRemoving] = useState<StaffAllocation | null>(null);
  const wines = offering.wines.map((wine) => ({ ...wine, title: wineTitle(wine) }));
  const filtered = Boolean(filters.q || tier || state);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toastSaved(t('allocations.remove.done', { name: `${removing.firstName} ${removing.lastName}` })),
      onError: (error) => toastFailed(error, t('allocations.remove.failed')),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <div className="staff-toolbar" role="search" aria-label={t('allocations.filters.label')}>
        <TextInput id="alloc-q" type="search" label={t('allocations.filters.search')} value={filters.search} onChange={filters.setSearch} autoComplete="off" />
        <SelectInput
          id="alloc-tier"
          label={t('allocations.filters.tier')}
          value={tier}
          onChange={(value) => filters.set('tier', value)}
          options={[{ value: '', label: t('allocations.filters.anyTier') }, ...(tiers.data ?? []).map((each) => ({ value: each.id, label: each.name }))]}
        />
        <SelectInput
          id="alloc-state"
          label={t('allocations.filters.state')}
          value={state}
          onChange={(value) => filters.set('state', value)}
          options={[{ value: '', label: t('allocations.filters.anyState') }, ...INVITATION_STATES.map((each) => ({ value: each, label: t(`invitations.states.${each}`) }))]}
        />
      </div>
      {offering.wines.length === 0 ? <EmptyState title={t('allocations.noWines')} /> : null}
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? (
        <EmptyState title={t(filtered ? 'allocations.empty.filtered' : 'allocations.empty.none')}>{canWrite && !filtered ? <p>{t('allocations.empty.hint')}</p> : null}</EmptyState>
      ) : null}
      {list.items.length > 0 && offering.wines.length > 0 ? (
        <>
          <p className="alloc-count" aria-live="polite">
            {t(list.hasMore ? 'allocations.countMore' : 'allocations.count', { count: list.items.length })}
          </p>
          <AllocationGrid allocations={list.items} wines={wines} canWrite={canWrite} save={(input) => save.mutateAsync(input)} onRemove={setRemoving} />
        </>
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
      {canWrite ? (
        <>
          <BulkSetDialog open={open === 'bulk'} onClose={() => setOpen(null)} offering={offering} wines={wines} filter={{ q: filters.q, tierId: tier }} tierName={tiers.data?.find((each) => each.id === tier)?.name} />
          <AddMembersDialog open={open === 'add'} onClose={() => setOpen(null)} offering={offering} />
          <CsvImportDialog open={open === 'import'} onClose={() => setOpen(null)} offering={offering} />
          <Confirm
            open={removing !== null}
            title={t('allocations.remove.title')}
            body={removing ? t('allocations.remove.body', { name: `${removing.firstName} ${removing.lastName}`, offering: offering.name }) : ''}
            confirmLabel={t('allocations.remove.confirm')}
            busy={remove.isPending}
            onConfirm={confirmRemove}
            onCancel={() => setRemoving(null)}
          />
        </>
      ) : null}
    </>
  );
}
