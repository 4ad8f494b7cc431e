import { prefixFromTitle, readWholeName } from '@winery/domain';

/** One thing the import takes from a whole name, for the preview to say. */
export type NamePart = { part: 'prefix' | 'firstName' | 'lastName'; value: string } | { part: 'noFirstName' };

/**
 * What the import reads from a member's whole name, as the API does: the names its own columns do
 * not give (the first name beside a German "Name", say), and a courtesy title when no title column
 * gives one. None when both names have a column of their own with something in it: the whole name
 * is not read then.
 */
export function wholeNameParts(value: string, known: { firstName?: string; lastName?: string; prefix?: string }): NamePart[] {
  if (known.firstName && known.lastName) return [];
  const read = readWholeName(value, known);
  // A title column's own title (one a profile offers) is the member's, not the whole name's.
  const titled = read.prefix && !(known.prefix && prefixFromTitle(known.prefix));
  const parts: NamePart[] = titled ? [{ part: 'prefix', value: read.prefix! }] : [];
  if (!known.firstName) parts.push(read.firstName ? { part: 'firstName', value: read.firstName } : { part: 'noFirstName' });
  if (!known.lastName && read.lastName) parts.push({ part: 'lastName', value: read.lastName });
  return parts;
}
