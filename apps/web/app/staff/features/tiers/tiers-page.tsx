import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Confirm } from '../../components/confirm';
import { TextInput } from '../../components/fields';
import { PageHeader, Section } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, ReadOnlyNote } from '../../components/states';
import { fieldErrorsOf } from '../../lib/field-errors';
import { numberOrText } from '../../lib/form-values';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { TierRow } from './tier-row';
import { useCreateTier, useDeleteTier, useTiers, type Tier } from './tiers.api';

function NewTierForm({ nextRank }: { nextRank: number }) {
  const { t } = useTranslation('staff');
  const create = useCreateTier();
  const [name, setName] = useState('');
  const [rank, setRank] = useState('');
  const errors = fieldErrorsOf(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, rank: rank.trim() === '' ? nextRank : numberOrText(rank) },
      {
        onSuccess: (tier) => {
          toastSaved(t('tiers.created', { name: tier.name }));
          setName('');
          setRank('');
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toastFailed(error);
        },
      },
    );
  };
  return (
    <form className="staff-inline-form" onSubmit={submit} noValidate aria-labelledby="new-tier-heading">
      <TextInput id="new-tier-name" label={t('tiers.fields.name')} value={name} onChange={setName} autoComplete="off" error={errors.name} />
      <TextInput id="new-tier-rank" label={t('tiers.fields.rank')} value={rank} onChange={setRank} inputMode="numeric" placeholder={String(nextRank)} error={errors.rank} className="staff-filters__short" />
      <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending}>
        <span className="button__spinner" aria-hidden="true" />
        {t('tiers.create')}
      </button>
    </form>
  );
}

/** /staff/tiers: the membership tiers by rank (1 the most senior); create, rename, re-rank, remove. */
export function TiersPage() {
  const { t } = useTranslation('staff');
  const { canWrite, role } = useStaffRole();
  const tiers = useTiers();
  const remove = useDeleteTier();
  const [removing, setRemoving] = useState<Tier | null>(null);
  const list = tiers.data ?? [];
  const nextRank = list.reduce((max, tier) => Math.max(max, tier.rank), 0) + 1;

  return (
    <>
      <PageHeader title={t('tiers.title')} lede={t('tiers.lede')} actions={<Link to="/staff/members">{t('tiers.toMembers')}</Link>} />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      {canWrite ? (
        <Section title={t('tiers.newTitle')} id="new-tier">
          <NewTierForm nextRank={nextRank} />
        </Section>
      ) : null}
      {tiers.isPending ? <LoadingState /> : null}
      {tiers.error ? <ErrorState error={tiers.error} onRetry={() => void tiers.refetch()} /> : null}
      {tiers.data && list.length === 0 ? <EmptyState title={t('tiers.empty')} /> : null}
      {list.length > 0 ? (
        <section className="staff-section" aria-labelledby="tiers-heading">
          <div className="staff-section__head">
            <h2 className="staff-section__title" id="tiers-heading">
              {t('tiers.listTitle')}
            </h2>
          </div>
          <p className="staff-tier staff-tier--head" aria-hidden="true">
            <span className="staff-tier__rank">{t('tiers.fields.rank')}</span>
            <span className="staff-tier__name">{t('tiers.fields.name')}</span>
          </p>
          <ol className="staff-tiers">
            {list.map((tier) => (
              <TierRow key={`${tier.id}-${tier.name}-${tier.rank}`} tier={tier} canWrite={canWrite} onDelete={setRemoving} />
            ))}
          </ol>
        </section>
      ) : null}
      <Confirm
        open={removing !== null}
        title={t('tiers.deleteConfirm.title', { name: removing?.name ?? '' })}
        body={t('tiers.deleteConfirm.body')}
        confirmLabel={t('tiers.delete')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toastSaved(t('tiers.deleted', { name: removing.name })),
            onError: (error) => toastFailed(error),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </>
  );
}
