/** One field of an audited record: its dotted path and the value before and after the write. */
export interface DiffRow {
  path: string;
  before: string;
  after: string;
  changed: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A leaf as staff read it: text as is, nothing as '', the rest as JSON. */
function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** How the console writes a field's value: money, instants and yes or no as staff read them elsewhere. */
export interface ValueWords {
  /** The console's word for a field's coded value (an order's status), when it has one. */
  coded?: (path: string, value: string) => string | undefined;
  cents: (cents: number) => string;
  instant: (iso: string) => string;
  yes: string;
  no: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A leaf in words, by what its field holds: a coded value in the console's word for it, an amount
 * in cents (`totalCents`) as money, an instant (ISO 8601 with a time) on the winery's clock, true
 * and false as yes and no; anything else as `show`.
 */
export function showIn(words: ValueWords, path: string, value: unknown): string {
  const coded = typeof value === 'string' ? words.coded?.(path, value) : undefined;
  if (coded !== undefined) return coded;
  if (typeof value === 'number' && /Cents$/.test(path)) return words.cents(value);
  if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return words.instant(value);
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return show(value);
}

/** Words of a field's name: 'trackingNumber' → 'Tracking number', 'tierId' → 'Tier ID', 'order_minimum_cents' → 'Order minimum cents'. */
function words(key: string): string {
  const spaced = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\b(id|url)\b/g, (word) => word.toUpperCase());
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A field's dotted path in words, each level after the last: 'lines.0.maximum' → 'Lines 1 › Maximum',
 * 'address.zipCode' → 'Address › Zip code'. An item of a list is counted from 1.
 */
export function fieldLabel(path: string): string {
  const label: string[] = [];
  for (const part of path.split('.')) {
    if (/^\d+$/.test(part) && label.length > 0) label[label.length - 1] += ` ${Number(part) + 1}`;
    else label.push(words(part));
  }
  return label.join(' › ');
}

/** Every leaf of a record by dotted path (`lines.0.maximum`); an empty object or list is one leaf. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (Array.isArray(value) && value.length > 0) {
    value.forEach((inner, index) => flatten(inner, prefix ? `${prefix}.${index}` : String(index), into));
  } else if (prefix || value !== undefined) {
    into.set(prefix, value);
  }
  return into;
}

/**
 * The audit entry's before and after side by side, field by field: fields the write changed first,
 * then the rest in the record's order. A creation has no before, a deletion no after.
 */
export function diffRecords(before: unknown, after: unknown, valueWords?: ValueWords): DiffRow[] {
  const old = flatten(before ?? undefined, '', new Map());
  const now = flatten(after ?? undefined, '', new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  const text = (path: string, value: unknown) => (valueWords ? showIn(valueWords, path, value) : show(value));
  const rows = paths.map((path) => {
    // Changed or not is read from the values as stored, not as written out.
    const changed = show(old.get(path)) !== show(now.get(path));
    return { path, before: text(path, old.get(path)), after: text(path, now.get(path)), changed };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
