import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '@winery/domain';
import { SelectInput, TextInput } from '../../components/fields';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole } from '../../session/staff-session.api';
import type { StaffAccount } from '../accounts/accounts.api';

export const AUDIT_FILTER_KEYS = ['staffUserId', 'action', 'entityType', 'entityId', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** A text filter sent 300 ms after the last key. */
function useTyped(value: string, send: (value: string) => void) {
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    if (typed === value) return;
    const timer = window.setTimeout(() => send(typed.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [typed, value, send]);
  return [typed, setTyped] as const;
}

/**
 * Who (the team for admins; for managers, the colleagues in the entries read so far), which action
 * and entity (suggested from what is listed), and the days on the winery's clock.
 */
export function AuditFilters({
  filters,
  onChange,
  entries,
}: {
  filters: Record<AuditFilterKey, string>;
  onChange: (key: AuditFilterKey, value: string) => void;
  entries: AuditEntryView[];
}) {
  const { t } = useTranslation('staff');
  const { isAdmin } = useStaffRole();
  const team = usePagedList<StaffAccount>('/accounts', {}, { limit: 200, enabled: isAdmin });
  const [action, setAction] = useTyped(filters.action, (value) => onChange('action', value));
  const [entityType, setEntityType] = useTyped(filters.entityType, (value) => onChange('entityType', value));
  const [entityId, setEntityId] = useTyped(filters.entityId, (value) => onChange('entityId', value));

  const people = useMemo(() => {
    const byId = new Map<string, string>();
    for (const account of team.items) byId.set(account.id, `${account.name} (${account.email})`);
    for (const entry of entries) if (entry.staff && !byId.has(entry.staff.id)) byId.set(entry.staff.id, `${entry.staff.name} (${entry.staff.email})`);
    return [...byId.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [team.items, entries]);
  const seen = (pick: (entry: AuditEntryView) => string) => [...new Set(entries.map(pick))].sort();

  return (
    <form className="staff-toolbar staff-filters" role="search" aria-label={t('audit.filtersLabel')} onSubmit={(event) => event.preventDefault()}>
      <SelectInput
        id="audit-staff"
        label={t('audit.filters.staff')}
        value={filters.staffUserId}
        onChange={(value) => onChange('staffUserId', value)}
        options={[{ value: '', label: t('audit.filters.anyone') }, ...people]}
      />
      <TextInput id="audit-action" label={t('audit.filters.action')} value={action} onChange={setAction} list="audit-actions" autoComplete="off" placeholder={t('audit.filters.actionHint')} />
      <datalist id="audit-actions">
        {seen((entry) => entry.action).map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <TextInput id="audit-entity" label={t('audit.filters.entityType')} value={entityType} onChange={setEntityType} list="audit-entities" autoComplete="off" />
      <datalist id="audit-entities">
        {seen((entry) => entry.entityType).map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <TextInput id="audit-entity-id" label={t('audit.filters.entityId')} value={entityId} onChange={setEntityId} autoComplete="off" />
      <TextInput id="audit-from" type="date" label={t('audit.filters.from')} value={filters.from} onChange={(value) => onChange('from', value)} />
      <TextInput id="audit-to" type="date" label={t('audit.filters.to')} value={filters.to} onChange={(value) => onChange('to', value)} />
    </form>
  );
}
