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
export function diffRecords(before: unknown, after: unknown): DiffRow[] {
  const old = flatten(before ?? undefined, '', new Map());
  const now = flatten(after ?? undefined, '', new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  const rows = paths.map((path) => {
    const was = show(old.get(path));
    const is = show(now.get(path));
    return { path, before: was, after: is, changed: was !== is };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
