import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../components/fields';
import { useTiers } from '../tiers/tiers.api';
import type { MemberFilterKey, MemberFilters } from './members.api';

/** Search (name, e-mail, phone; 300 ms after the last key), tier, country/state, active, ordered lately. */
export function MemberFiltersForm({ filters, onChange }: { filters: MemberFilters; onChange: (key: MemberFilterKey, value: string) => void }) {
  const { t } = useTranslation('staff');
  const tiers = useTiers();
  const [typed, setTyped] = useState(filters.q ?? '');

  useEffect(() => {
    if (typed === (filters.q ?? '')) return;
    const timer = window.setTimeout(() => onChange('q', typed), 300);
    return () => window.clearTimeout(timer);
  }, [typed, filters.q, onChange]);

  return (
    <form className="staff-toolbar staff-filters" role="search" aria-label={t('members.filtersLabel')} onSubmit={(event) => event.preventDefault()}>
      <TextInput id="member-search" type="search" label={t('members.filters.q')} value={typed} onChange={setTyped} className="staff-filters__wide" />
      <SelectInput
        id="member-tier"
        label={t('members.filters.tier')}
        value={filters.tierId ?? ''}
        onChange={(value) => onChange('tierId', value)}
        options={[{ value: '', label: t('members.filters.anyTier') }, ...(tiers.data ?? []).map((tier) => ({ value: tier.id, label: tier.name }))]}
      />
      <TextInput
        id="member-country"
        label={t('members.filters.country')}
        value={filters.countryCode ?? ''}
        onChange={(value) => onChange('countryCode', value.toUpperCase())}
        maxLength={2}
        autoComplete="off"
        className="staff-filters__short"
      />
      <TextInput
        id="member-state"
        label={t('members.filters.state')}
        value={filters.stateCode ?? ''}
        onChange={(value) => onChange('stateCode', value.toUpperCase())}
        maxLength={3}
        autoComplete="off"
        className="staff-filters__short"
      />
      <SelectInput
        id="member-active"
        label={t('members.filters.active')}
        value={filters.active ?? ''}
        onChange={(value) => onChange('active', value)}
        options={[
          { value: '', label: t('members.filters.anyone') },
          { value: 'true', label: t('members.filters.activeOnly') },
          { value: 'false', label: t('members.filters.deactivatedOnly') },
        ]}
      />
      <SelectInput
        id="member-ordered"
        label={t('members.filters.ordered')}
        value={filters.orderedInLastOffering ?? ''}
        onChange={(value) => onChange('orderedInLastOffering', value)}
        options={[
          { value: '', label: t('members.filters.anyone') },
          { value: 'true', label: t('members.filters.orderedYes') },
          { value: 'false', label: t('members.filters.orderedNo') },
        ]}
      />
    </form>
  );
}
