import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_METHODS, FULFILMENT_STATUSES } from '@winery/domain';
import { SelectInput, TextInput } from '../../components/fields';
import { useOfferingOptions, type OrderFilterKey, type OrderFilters } from './orders.api';

/**
 * The order list's filters: the search is sent 300 ms after the last key, the others at once.
 * Every value lives in the URL, so a filtered list can be shared and the export reads the same.
 */
export function OrderFiltersForm({ filters, onChange }: { filters: OrderFilters; onChange: (key: OrderFilterKey, value: string) => void }) {
  const { t } = useTranslation('staff');
  const offerings = useOfferingOptions();
  const [typed, setTyped] = useState(filters.q ?? '');

  useEffect(() => {
    if (typed === (filters.q ?? '')) return;
    const timer = window.setTimeout(() => onChange('q', typed), 300);
    return () => window.clearTimeout(timer);
  }, [typed, filters.q, onChange]);

  const any = (label: string) => ({ value: '', label });
  return (
    <form className="staff-toolbar staff-filters" role="search" aria-label={t('orders.filtersLabel')} onSubmit={(event) => event.preventDefault()}>
      <TextInput id="order-search" type="search" label={t('orders.filters.q')} value={typed} onChange={setTyped} className="staff-filters__wide" />
      <SelectInput
        id="order-offering"
        label={t('orders.filters.offering')}
        value={filters.offeringId ?? ''}
        onChange={(value) => onChange('offeringId', value)}
        options={[any(t('orders.filters.anyOffering')), ...(offerings.data ?? []).map((offering) => ({ value: offering.id, label: offering.name }))]}
      />
      <SelectInput
        id="order-status"
        label={t('orders.filters.status')}
        value={filters.status ?? ''}
        onChange={(value) => onChange('status', value)}
        options={[any(t('orders.filters.anyStatus')), ...FULFILMENT_STATUSES.map((status) => ({ value: status, label: t(`orders.status.${status}`) }))]}
      />
      <SelectInput
        id="order-delivery"
        label={t('orders.filters.deliveryMethod')}
        value={filters.deliveryMethod ?? ''}
        onChange={(value) => onChange('deliveryMethod', value)}
        options={[any(t('orders.filters.anyDelivery')), ...DELIVERY_METHODS.map((method) => ({ value: method, label: t(`orders.delivery.${method}`) }))]}
      />
      <TextInput
        id="order-country"
        label={t('orders.filters.country')}
        value={filters.country ?? ''}
        onChange={(value) => onChange('country', value.toUpperCase())}
        maxLength={2}
        autoComplete="off"
        className="staff-filters__short"
      />
      <TextInput
        id="order-state"
        label={t('orders.filters.state')}
        value={filters.state ?? ''}
        onChange={(value) => onChange('state', value.toUpperCase())}
        maxLength={3}
        autoComplete="off"
        className="staff-filters__short"
      />
      <TextInput id="order-from" type="date" label={t('orders.filters.from')} value={filters.from ?? ''} onChange={(value) => onChange('from', value)} />
      <TextInput id="order-to" type="date" label={t('orders.filters.to')} value={filters.to ?? ''} onChange={(value) => onChange('to', value)} />
    </form>
  );
}
