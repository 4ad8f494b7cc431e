import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WISH_STATUSES } from '@winery/domain';
import { Confirm } from '../../components/confirm';
import { SelectInput } from '../../components/fields';
import { EmptyState, ErrorState, LoadingState, LoadMore } from '../../components/states';
import { memberName } from '../../lib/member-name';
import type { StaffOffering } from '../offerings/offerings.api';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { OfferingWork } from '../allocations/offering-work-header';
import { useFilterParams } from '../allocations/use-filter-params';
import { BulkGrantDialog } from './bulk-grant-dialog';
import { WishRow } from './wish-row';
import { useDecideWish, wishesPath, type StaffWish } from './wishes.api';
import { TableFrame } from '../../components/table-frame';

/** /staff/offerings/:offeringId/wishes: members' requests for more, answered one by one or by a rule. */
export function WishesPage({ offeringId }: { offeringId: string }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const [bulkOpen, setBulkOpen] = useState(false);
  return (
    <OfferingWork
      offeringId={offeringId}
      task="wishes"
      lede={t('wishes.lede')}
      actions={() =>
        canWrite ? (
          <button type="button" className="button button--small button--primary" onClick={() => setBulkOpen(true)}>
            {t('wishes.bulk.button')}
          </button>
        ) : null
      }
    >
      {(offering) => (
        <>
          <WishesBody offering={offering} canWrite={canWrite} />
          {canWrite ? <BulkGrantDialog open={bulkOpen} onClose={() => setBulkOpen(false)} offering={offering} /> : null}
        </>
      )}
    </OfferingWork>
  );
}

function WishesBody({ offering, canWrite }: { offering: StaffOffering; canWrite: boolean }) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const filters = useFilterParams(['status'] as const);
  const status = filters.values.status;
  const list = usePagedList<StaffWish>(wishesPath(offering.id), { status });
  const decide = useDecideWish(offering.id);
  const [declining, setDeclining] = useState<StaffWish | null>(null);

  const grant = (wish: StaffWish, quantity: number) =>
    decide.mutate(
      { wishId: wish.id, decision: 'grant', quantity },
      {
        onSuccess: () => toastSaved(t('wishes.grant.done', { count: quantity, name: memberName(wish) })),
        onError: (error) => toastFailed(error, t('wishes.grant.failed')),
      },
    );
  const decline = () => {
    if (!declining) return;
    decide.mutate(
      { wishId: declining.id, decision: 'decline' },
      {
        onSuccess: () => toastSaved(t('wishes.decline.done', { name: memberName(declining) })),
        onError: (error) => toastFailed(error, t('wishes.decline.failed')),
        onSettled: () => setDeclining(null),
      },
    );
  };

  return (
    <>
      <div className="staff-toolbar">
        <SelectInput
          id="wish-status"
          label={t('wishes.filter')}
          value={status}
          onChange={(value) => filters.set('status', value)}
          options={[{ value: '', label: t('wishes.anyStatus') }, ...WISH_STATUSES.map((each) => ({ value: each, label: t(`wishes.status.${each}`) }))]}
        />
      </div>
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={t(status ? 'wishes.emptyFiltered' : 'wishes.empty')} /> : null}
      {list.items.length > 0 ? (
        <TableFrame label={t('wishes.listLabel')}>
          <table className="staff-table staff-table--cards wish-table" role="table">
            <caption className="visually-hidden">{t('wishes.listLabel')}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">{t('wishes.columns.member')}</th>
                <th scope="col" role="columnheader">{t('wishes.columns.wine')}</th>
                <th scope="col" role="columnheader" className="staff-table__num">
                  {t('wishes.columns.asked')}
                </th>
                <th scope="col" role="columnheader" className="staff-table__num">
                  {t('wishes.columns.left')}
                </th>
                <th scope="col" role="columnheader">{t('wishes.columns.history')}</th>
                <th scope="col" role="columnheader">{t('wishes.columns.status')}</th>
                {canWrite ? (
                  <th scope="col" role="columnheader" className="staff-table__sticky-end">
                    {t('wishes.columns.decide')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {list.items.map((wish) => (
                <WishRow
                  key={`${wish.id}:${wish.status}:${wish.left}`}
                  wish={wish}
                  canWrite={canWrite}
                  timeZone={timeZone}
                  busy={decide.isPending}
                  onGrant={grant}
                  onDecline={setDeclining}
                />
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
      {canWrite ? (
        <Confirm
          open={declining !== null}
          title={t('wishes.decline.title')}
          body={declining ? t('wishes.decline.body', { name: memberName(declining), count: declining.quantity, wine: declining.wineName }) : ''}
          confirmLabel={t('wishes.decline.confirm')}
          busy={decide.isPending}
          onConfirm={decline}
          onCancel={() => setDeclining(null)}
        />
      ) : null}
    </>
  );
}
