import { parse } from 'csv-parse/sync';
import {
  countryCodeFromName,
  csvSeparator,
  fillFromWholeName,
  importColumnKey,
  issueValues,
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_FIELDS,
  MemberImportRowSchema,
  prefixFromTitle,
  renderValidationMessage,
  importDateToIso,
  slashedDateOrder,
  stateCodeFromName,
  type DateOrder,
  type MemberImportField,
  type MemberImportRow,
} from '@winery/domain';
import { API_MESSAGES } from '../../shared/api-messages.js';

export interface ImportError {
  line: number;
  field: string;
  message: string;
}

export interface PlannedRow {
  line: number;
  row: MemberImportRow;
}

export interface ImportPlan {
  rows: number;
  good: PlannedRow[];
  errors: ImportError[];
  /** Our field → the file's column it was read from. */
  columns: Partial<Record<MemberImportField, string>>;
  /** E-mails given twice in the file: the later line, and the first one's. */
  repeated: Array<{ line: number; email: string }>;
  /** How its slashed dates were read; null when it has none. */
  dateOrder: DateOrder | null;
  /** Each tier name the file gives (any case), as first written, with how many lines give it. */
  tierValues: Array<{ value: string; rows: number }>;
}

export const MAX_IMPORT_ROWS = 50_000;
const HEADER_LINE = 1;

const fileError = (field: string, message: string): ImportPlan => ({ rows: 0, good: [], errors: [{ line: HEADER_LINE, field, message }], columns: {}, repeated: [], dateOrder: null, tierValues: [] });

/** A query's JSON object (`mapping`, `tiers`), or null when the text is not one. */
export function jsonObject(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * Our field for each column of the header: the explicit mapping first, then the common names for
 * the fields it leaves out. A field it maps to null is read from no column (staff chose "not in the
 * file" for a column the names would find).
 */
function mapColumns(header: string[], mapping: string | undefined): { columns: Partial<Record<MemberImportField, number>>; error?: ImportError } {
  const columns: Partial<Record<MemberImportField, number>> = {};
  const unread = new Set<string>();
  const asked = new Set<string>();
  if (mapping) {
    const explicit = jsonObject(mapping);
    if (!explicit) return { columns, error: { line: HEADER_LINE, field: 'mapping', message: API_MESSAGES.memberImportMapping } };
    for (const [field, column] of Object.entries(explicit)) {
      if (!(MEMBER_IMPORT_FIELDS as string[]).includes(field) || (typeof column !== 'string' && column !== null)) {
        return { columns, error: { line: HEADER_LINE, field: 'mapping', message: API_MESSAGES.memberImportMapping } };
      }
      if (column === null) {
        unread.add(field);
        continue;
      }
      const index = header.findIndex((name) => name.trim().toLowerCase() === column.trim().toLowerCase());
      if (index === -1) return { columns, error: { line: HEADER_LINE, field: `mapping.${field}`, message: API_MESSAGES.memberImportNoColumn(column) } };
      columns[field as MemberImportField] = index;
      asked.add(field);
    }
  }
  const taken = new Set(Object.values(columns));
  for (const field of MEMBER_IMPORT_FIELDS) {
    if (columns[field] !== undefined || unread.has(field)) continue;
    const names: readonly string[] = MEMBER_IMPORT_COLUMNS[field];
    const index = header.findIndex((name, at) => !taken.has(at) && names.includes(importColumnKey(name)));
    if (index !== -1) {
      columns[field] = index;
      taken.add(index);
    }
  }
  // A whole name's column is read only for a name the file has no column of: found beside both, it
  // is left alone (staff may still choose it, to fill a line's empty names).
  if (columns.firstName !== undefined && columns.lastName !== undefined && !asked.has('fullName')) delete columns.fullName;
  return { columns };
}

/**
 * Reads a member list: the header's columns mapped to our fields, then every line checked on its
 * own (the domain's rules) and against the rest of the file (an e-mail given twice). Errors name
 * the line of the file (the header is line 1). Tiers and existing members are the service's.
 */
export function planMemberImport(csv: string, mapping: string | undefined, dates?: DateOrder): ImportPlan {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // The separator the header line shows (a semicolon or tab export reads as one column otherwise).
    records = parse(csv, { bom: true, delimiter: csvSeparator(csv), info: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true }) as unknown as typeof records;
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, '') : 'unreadable';
    return fileError('csv', API_MESSAGES.memberImportCsv(reason));
  }
  const [head, ...body] = records;
  if (!head || body.length === 0) return fileError('csv', API_MESSAGES.memberImportEmpty);
  if (body.length > MAX_IMPORT_ROWS) return fileError('csv', API_MESSAGES.memberImportTooMany(MAX_IMPORT_ROWS));
  const header = head.record;
  const { columns, error } = mapColumns(header, mapping);
  if (error) return { ...fileError(error.field, error.message), rows: body.length };
  if (columns.email === undefined) return { ...fileError('email', API_MESSAGES.memberImportNoEmail), rows: body.length };

  const dateColumns = [columns.dateOfBirth, columns.memberSince].filter((index) => index !== undefined);
  const dateOrder = slashedDateOrder(
    body.flatMap(({ record }) => dateColumns.map((index) => (record[index] ?? '').trim())),
    dates,
  );
  const tierValues = new Map<string, { value: string; rows: number }>();
  if (columns.tier !== undefined) {
    for (const { record } of body) {
      const value = (record[columns.tier] ?? '').trim();
      if (!value) continue;
      const counted = tierValues.get(value.toLowerCase());
      if (counted) counted.rows += 1;
      else tierValues.set(value.toLowerCase(), { value, rows: 1 });
    }
  }
  const errors: ImportError[] = [];
  const good: PlannedRow[] = [];
  const repeated: ImportPlan['repeated'] = [];
  const firstLine = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const raw: Record<string, string> = {};
    for (const field of MEMBER_IMPORT_FIELDS) {
      const index = columns[field];
      if (index !== undefined) raw[field] = (record[index] ?? '').trim();
    }
    // A title the profile offers is kept; any other (Herr, Mme) is no reason to refuse the member.
    if (raw.prefix !== undefined) {
      const prefix = prefixFromTitle(raw.prefix);
      if (prefix) raw.prefix = prefix;
      else delete raw.prefix;
    }
    if (raw.fullName !== undefined) {
      // The names the line lacks, read from its whole name (a name's own column is still its own).
      Object.assign(raw, fillFromWholeName(raw.fullName, raw));
      delete raw.fullName;
    }
    if (raw.dateOfBirth) raw.dateOfBirth = importDateToIso(raw.dateOfBirth, dateOrder);
    if (raw.memberSince) raw.memberSince = importDateToIso(raw.memberSince, dateOrder);
    if (raw.countryCode) raw.countryCode = countryCodeFromName(raw.countryCode);
    if (raw.stateCode && raw.countryCode) raw.stateCode = stateCodeFromName(raw.stateCode, raw.countryCode);
    const parsed = MemberImportRowSchema.safeParse(raw);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'line';
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push({ line, field, message: renderValidationMessage(issue.message, issueValues(issue as unknown as Record<string, unknown>)) });
      }
      continue;
    }
    const email = parsed.data.email.toLowerCase();
    const first = firstLine.get(email);
    if (first !== undefined) {
      repeated.push({ line, email });
      errors.push({ line, field: 'email', message: API_MESSAGES.memberImportDuplicate(first) });
      continue;
    }
    firstLine.set(email, line);
    good.push({ line, row: { ...parsed.data, email } });
  }
  const named = Object.fromEntries(Object.entries(columns).map(([field, index]) => [field, header[index]!])) as ImportPlan['columns'];
  return { rows: body.length, good, errors, columns: named, repeated, dateOrder, tierValues: [...tierValues.values()] };
}
