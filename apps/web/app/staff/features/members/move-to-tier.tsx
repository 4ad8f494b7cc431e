import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../components/fields';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { useTiers } from '../tiers/tiers.api';
import { useMoveToTier } from './members.api';

const NO_TIER = 'none';

/** The selection bar: how many are chosen, and moving them into a tier (or out of any) at once. */
export function MoveToTier({ selected, onDone, onClear }: { selected: string[]; onDone: () => void; onClear: () => void }) {
  const { t } = useTranslation('staff');
  const tiers = useTiers();
  const move = useMoveToTier();
  const [tierId, setTierId] = useState('');
  const tierName = tierId === NO_TIER ? t('members.noTier') : (tiers.data ?? []).find((tier) => tier.id === tierId)?.name;

  const submit = () =>
    move.mutate(
      { customerIds: selected, tierId: tierId === NO_TIER ? null : tierId },
      {
        onSuccess: ({ updated }) => {
          toastSaved(t('members.moved', { count: updated, tier: tierName }));
          onDone();
        },
        onError: (error) => toastFailed(error),
      },
    );

  return (
    <div className="staff-selection-bar" role="group" aria-label={t('members.selectionLabel')}>
      <p className="staff-selection-bar__count" aria-live="polite" data-testid="members-selected">
        {t('members.selected', { count: selected.length })}
      </p>
      <SelectInput
        id="move-tier"
        label={t('members.moveTo')}
        value={tierId}
        onChange={setTierId}
        options={[
          { value: '', label: t('members.chooseTier') },
          ...(tiers.data ?? []).map((tier) => ({ value: tier.id, label: tier.name })),
          { value: NO_TIER, label: t('members.noTier') },
        ]}
      />
      <button type="button" className="button button--primary" disabled={!tierId || move.isPending} aria-busy={move.isPending} onClick={submit}>
        <span className="button__spinner" aria-hidden="true" />
        {t('members.move', { count: selected.length })}
      </button>
      <button type="button" className="button button--quiet" onClick={onClear}>
        {t('members.clearSelection')}
      </button>
    </div>
  );
}
