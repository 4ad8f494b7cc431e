import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEntryView } from '@winery/domain';
import { SelectInput, TextInput } from '../../components/fields';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole } from '../../session/staff-session.api';
import type { StaffAccount } from '../accounts/accounts.api';
import { actionLabel, entityLabel } from './audit-labels';

export const AUDIT_FILTER_KEYS = ['staffUserId', 'action', 'entityType', 'entityId', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** A text filter sent 300 ms after the last key; set from elsewhere (a link, "Show every change"), it shows that. */
function useTyped(value: string, send: (value: string) => void) {
  const [typed, setTyped] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    // The filter changed without a key pressed here: what is typed follows, or it would be sent back.
    setGiven(value);
    if (value !== typed.trim()) setTyped(value);
  }
  useEffect(() => {
    if (typed === value) return;
    const timer = window.setTimeout(() => send(typed.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [typed, value, send]);
  return [typed, setTyped] as const;
}

/**
 * Who (the team for admins; for managers, the colleagues in the entries read so far), which action
 * and which kind of record (each in words), a record's id, and the days on the winery's clock.
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
  const [entityId, setEntityId] = useTyped(filters.entityId, (value) => onChange('entityId', value));

  const people = useMemo(() => {
    const byId = new Map<string, string>();
    for (const account of team.items) byId.set(account.id, `${account.name} (${account.email})`);
    for (const entry of entries) if (entry.staff && !byId.has(entry.staff.id)) byId.set(entry.staff.id, `${entry.staff.name} (${entry.staff.email})`);
    return [...byId.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [team.items, entries]);

  return (
    <form className="staff-toolbar staff-filters" role="search" aria-label={t('audit.filtersLabel')} onSubmit={(event) => event.preventDefault()}>
      <SelectInput
        id="audit-staff"
        label={t('audit.filters.staff')}
        value={filters.staffUserId}
        onChange={(value) => onChange('staffUserId', value)}
        options={[{ value: '', label: t('audit.filters.anyone') }, ...people]}
      />
      <SelectInput
        id="audit-action"
        label={t('audit.filters.action')}
        value={filters.action}
        onChange={(value) => onChange('action', value)}
        options={[{ value: '', label: t('audit.filters.anyAction') }, ...AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(t, value) }))]}
      />
      <SelectInput
        id="audit-entity"
        label={t('audit.filters.entityType')}
        value={filters.entityType}
        onChange={(value) => onChange('entityType', value)}
        options={[{ value: '', label: t('audit.filters.anyEntity') }, ...AUDIT_ENTITY_TYPES.map((value) => ({ value, label: entityLabel(t, value) }))]}
      />
      <TextInput id="audit-entity-id" label={t('audit.filters.entityId')} value={entityId} onChange={setEntityId} autoComplete="off" />
      <TextInput id="audit-from" type="date" label={t('audit.filters.from')} value={filters.from} onChange={(value) => onChange('from', value)} />
      <TextInput id="audit-to" type="date" label={t('audit.filters.to')} value={filters.to} onChange={(value) => onChange('to', value)} />
    </form>
  );
}
