import { fillFromWholeName } from '@winery/domain';

/** One thing the import takes from a whole name, for the preview to say. */
export type NamePart = { part: 'prefix' | 'firstName' | 'lastName'; value: string } | { part: 'noFirstName' };

/**
 * What the import reads from a member's whole name, as the API does: the names its own columns do
 * not give (the first name beside a German "Name", say), and a courtesy title when no title column
 * gives one. None when both names have a column of their own with something in it: the whole name
 * is not read then.
 */
export function wholeNameParts(value: string, known: { firstName?: string; lastName?: string; prefix?: string }): NamePart[] {
  const taken = fillFromWholeName(value, known);
  const parts: NamePart[] = taken.prefix ? [{ part: 'prefix', value: taken.prefix }] : [];
  if (taken.firstName !== undefined) parts.push(taken.firstName ? { part: 'firstName', value: taken.firstName } : { part: 'noFirstName' });
  if (taken.lastName) parts.push({ part: 'lastName', value: taken.lastName });
  return parts;
}
