import type { TFunction } from 'i18next';

/** What an entry's action reads as ("Member imported"); an action the console has no words for reads as itself. */
export const actionLabel = (t: TFunction<'staff'>, action: string): string => t(`audit.actions.${action}`, { defaultValue: action });

/** What kind of record an entry is about ("Request to join"); one without words reads as itself. */
export const entityLabel = (t: TFunction<'staff'>, entityType: string): string => t(`audit.entities.${entityType}`, { defaultValue: entityType });

const PAGES: Record<string, string> = { member: '/staff/members', order: '/staff/orders', wine: '/staff/wines', offering: '/staff/offerings' };

/**
 * The console's page of an entry's record, for the records that have one (an allocation or a wish
 * is read on its member's page); null for others.
 */
export function subjectPath(entityType: string, entityId: string | null, memberId: string | null = null): string | null {
  if (memberId && (entityType === 'allocation' || entityType === 'wish')) return `/staff/members/${memberId}`;
  const list = PAGES[entityType];
  return list && entityId ? `${list}/${entityId}` : null;
}
