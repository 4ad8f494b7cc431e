import type { PREFIXES } from '../schemas/fields.js';

/*
 * A member list kept by hand often has one column for the whole name ("Jean de la Fontaine",
 * "Dupont, Marie", "Dr. Jane Doe"); ours keeps a first name, a last name and a courtesy title.
 * Reading one into the other is a guess, and the import's preview shows it beside the first
 * member so staff see it before anything is written.
 */

export type Prefix = (typeof PREFIXES)[number];

export interface WholeNameRead {
  /** The courtesy title the name began with, when it is one a member's profile offers. */
  prefix?: Prefix;
  firstName: string;
  lastName: string;
}

/** A word compared without case or dots: "Dr." and "dr", "Sig.ra" and "sigra". */
const key = (word: string) => word.toLowerCase().replace(/\./g, '');

/** Titles a name may begin with: a profile's own, and others in the import's five languages (read, not kept). */
const TITLES: ReadonlyMap<string, Prefix | null> = new Map([
  ...(['mr', 'mister'] as const).map((title) => [title, 'Mr.'] as const),
  ['mrs', 'Mrs.'],
  ['ms', 'Ms.'],
  ['mx', 'Mx.'],
  ...(['dr', 'doctor'] as const).map((title) => [title, 'Dr.'] as const),
  ...['miss', 'monsieur', 'madame', 'mme', 'mlle', 'mademoiselle', 'herr', 'frau', 'sr', 'sra', 'srta', 'señor', 'señora', 'sig', 'sigra', 'signor', 'signora', 'dhr', 'mevr', 'mevrouw'].map(
    (title) => [title, null] as const,
  ),
]);

/**
 * The courtesy title a member's profile offers for one a file gives ("mrs" → "Mrs.", "Doctor" →
 * "Dr."); undefined for one it does not offer ("Herr", "Mme") or no title at all.
 */
export function prefixFromTitle(value: string): Prefix | undefined {
  return TITLES.get(key(value.trim())) ?? undefined;
}

/** Words that begin a family name after the given names: "Ludwig van Beethoven", "Jean de la Fontaine". */
const PARTICLES = new Set(['de', 'del', 'della', 'delle', 'dei', 'degli', 'der', 'den', 'di', 'da', 'das', 'do', 'dos', 'du', 'des', 'la', 'le', 'lo', 'van', 'von', 'vom', 'zu', 'zum', 'zur', 'ten', 'ter', 'af', 'av', 'st', 'saint', 'sainte']);

/** What follows a family name and stays with it: "John Smith Jr." */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'esq']);

/** The title a name begins with, and the words after it; none when only the title is there. */
function takeTitle(words: string[]): { prefix?: Prefix; words: string[] } {
  const title = words.length > 1 ? TITLES.get(key(words[0]!)) : undefined;
  if (title === undefined) return { words };
  return title ? { prefix: title, words: words.slice(1) } : { words: words.slice(1) };
}

/**
 * Reads a whole name as a title, given names and a family name:
 *
 * - "Dupont, Jean" (family name first, as a list sorted by it is written): before the comma is
 *   the family name; "John Smith, Jr." is not that, but a suffix;
 * - otherwise the family name is the last word, with any suffix after it ("Smith Jr."), or begins
 *   at a particle after the first word ("Maria da Silva", "Dick Van Dyke");
 * - a title the name begins with is taken off, and kept when a profile offers it (Mr., Ms., Mrs.,
 *   Mx., Dr.);
 * - with a name the file has in a column of its own, the whole name is read as the other: a first
 *   name ("Vorname" beside "Name"), and the family name is what follows it, or all of it when it
 *   does not begin with it; a family name ("Name" beside "Surname"), and the first name is what
 *   comes before it, or all of it;
 * - one word alone is a family name, so a line without a first name is refused as one.
 */
export function readWholeName(value: string, known: { firstName?: string; lastName?: string } = {}): WholeNameRead {
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text) return { firstName: '', lastName: '' };
  const comma = text.indexOf(',');
  if (comma > 0) {
    const [before, after] = [text.slice(0, comma).trim(), text.slice(comma + 1).trim()];
    if (!after.split(' ').every((word) => SUFFIXES.has(key(word)))) {
      const given = takeTitle(after.split(' ').filter(Boolean));
      return { ...(given.prefix ? { prefix: given.prefix } : {}), firstName: given.words.join(' '), lastName: before };
    }
  }
  const { prefix, words } = takeTitle(text.replace(/,/g, '').split(' ').filter(Boolean));
  const titled = prefix ? { prefix } : {};
  const [firstName, lastName] = [known.firstName, known.lastName].map((name) => name?.trim().replace(/\s+/g, ' ') ?? '');
  if (firstName) {
    const given = firstName.split(' ');
    const begins = given.length < words.length && given.every((word, at) => key(word) === key(words[at]!));
    return { ...titled, firstName, lastName: words.slice(begins ? given.length : 0).join(' ') };
  }
  if (lastName) {
    const family = lastName.split(' ');
    const from = words.length - family.length;
    const ends = from > 0 && family.every((word, at) => key(word) === key(words[from + at]!));
    return { ...titled, firstName: words.slice(0, ends ? from : words.length).join(' '), lastName };
  }
  let end = words.length;
  while (end > 1 && SUFFIXES.has(key(words[end - 1]!))) end -= 1;
  if (end < 2) return { ...titled, firstName: '', lastName: words.join(' ') };
  let start = end - 1;
  for (let at = 1; at < end - 1; at += 1) {
    if (PARTICLES.has(key(words[at]!))) {
      start = at;
      break;
    }
  }
  return { ...titled, firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') };
}

/**
 * What a line of a member list takes from its whole name: the names its own columns leave empty,
 * and the title when no title column gives one a profile offers. Nothing when both names are
 * there. The import reads a line so, and its preview says so of the first member.
 */
export function fillFromWholeName(value: string, known: { firstName?: string; lastName?: string; prefix?: string }): Partial<WholeNameRead> {
  if (known.firstName && known.lastName) return {};
  const read = readWholeName(value, known);
  return {
    ...(read.prefix && !(known.prefix && prefixFromTitle(known.prefix)) ? { prefix: read.prefix } : {}),
    ...(known.firstName ? {} : { firstName: read.firstName }),
    ...(known.lastName ? {} : { lastName: read.lastName }),
  };
}
