import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-error';
import { TextInput } from '../../components/fields';
import { EmptyState, LoadingState, LoadMore } from '../../components/states';
import type { StaffOffering } from '../offerings/offerings.api';
import { toastSaved } from '../../lib/toasts';
import { usePagedList } from '../../lib/use-paged-list';
import { useAddMembers, type LineInput, type StaffMemberListItem } from './allocations.api';
import { WorkDialog } from './work-dialog';

/** Each wine's default limits of the offering: what a member added by hand starts with. */
export const defaultLines = (offering: StaffOffering): LineInput[] =>
  offering.wines
    .filter((wine) => (wine.defaultMaximum ?? 0) > 0)
    .map((wine) => ({ wineId: wine.offeringWineId, minimum: wine.defaultMinimum ?? 0, maximum: wine.defaultMaximum ?? 0 }));

/** Adds members to the offering: a search over the winery's members, ticked ones added together. */
export function AddMembersDialog({ open, onClose, offering }: { open: boolean; onClose: () => void; offering: StaffOffering }) {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Map<string, StaffMemberListItem>>(new Map());
  const [failure, setFailure] = useState('');
  const members = usePagedList<StaffMemberListItem>('/members', { q, offeringId: offering.id }, { limit: 20, enabled: open });
  const add = useAddMembers(offering.id);

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const close = () => {
    setChosen(new Map());
    setSearch('');
    setFailure('');
    onClose();
  };

  const toggle = (member: StaffMemberListItem, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(member.id, member);
      else next.delete(member.id);
      return next;
    });

  const submit = () =>
    add.mutate(
      { customerIds: [...chosen.keys()], lines: defaultLines(offering) },
      {
        onSuccess: () => {
          toastSaved(t('allocations.add.done', { count: chosen.size }));
          close();
        },
        onError: (error) => setFailure(errorMessage(error, t('states.saveFailed'))),
      },
    );

  return (
    <WorkDialog
      open={open}
      wide
      title={t('allocations.add.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--quiet" onClick={close}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={submit} disabled={chosen.size === 0 || add.isPending} aria-busy={add.isPending}>
            <span className="button__spinner" aria-hidden="true" />
            {t('allocations.add.submit', { count: chosen.size })}
          </button>
        </>
      }
    >
      <p className="field__hint">{t('allocations.add.hint')}</p>
      <TextInput id="add-members-q" type="search" label={t('allocations.add.search')} value={search} onChange={setSearch} autoComplete="off" />
      {members.isLoading ? <LoadingState /> : null}
      {!members.isLoading && members.items.length === 0 ? <EmptyState title={t('allocations.add.none')} /> : null}
      <ul className="pick-list">
        {members.items.map((member) => {
          const id = `pick-${member.id}`;
          return (
            <li key={member.id} className={member.allocated ? 'pick-list__item pick-list__item--taken' : 'pick-list__item'}>
              <input
                id={id}
                type="checkbox"
                className="staff-check"
                checked={member.allocated || chosen.has(member.id)}
                disabled={member.allocated}
                onChange={(event) => toggle(member, event.target.checked)}
              />
              <label htmlFor={id}>
                <span className="pick-list__name">
                  {member.firstName} {member.lastName}
                </span>{' '}
                <span className="pick-list__meta">
                  {member.email}
                  {member.tierName ? ` · ${member.tierName}` : ''}
                  {member.allocated ? ` · ${t('allocations.add.already')}` : ''}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <LoadMore hasMore={members.hasMore} loading={members.loadingMore} onLoadMore={members.loadMore} />
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </WorkDialog>
  );
}
