import { parse } from 'csv-parse/sync';
import { csvSeparator, normaliseBottleId, renderValidationMessage, type FieldError } from '@winery/domain';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUuid } from '../../shared/uuid.js';

/** A catalogue wine as the import matches it. */
export interface CatalogueWine {
  id: string;
  name: string;
  vintage: number;
  sizeMl: number;
}

/** One good row, ready to insert. */
export interface ImportRow {
  line: number;
  bottleId: string;
  wineId: string;
  bottleNumber: number;
}

export type ImportPlan =
  | { kind: 'rows'; rows: ImportRow[]; errors: FieldError[] }
  /** The file as a whole cannot be read (not CSV, no header, no rows). */
  | { kind: 'file'; error: FieldError }
  | { kind: 'tooMany'; rows: number };

const STANDARD_SIZE_ML = 750;
const WHOLE = /^\d{1,9}$/;

const header = (value: string) => value.trim().toLowerCase().replace(/[\s-]+/g, '_');
const wineKey = (name: string, vintage: number, sizeMl: number) => `${name.trim().toLowerCase()}|${vintage}|${sizeMl}`;
const fileError = (code: string, message: string): ImportPlan => ({ kind: 'file', error: { field: 'csv', code, message } });

/**
 * Reads a registry CSV (header row, then one bottle per row) and checks every row on its own and
 * against the rest of the file: the ID's format, the numbers, the wine, an ID or a wine's bottle
 * number given twice. Errors name the row's line in the file ("line 12"; the header is line 1).
 * What is already in the database is checked by the service.
 *
 * Columns: bottle_id, bottle_number, and either wine_id or wine + vintage + size_ml (size_ml may
 * be left out or empty for a 750 ml bottle). Other columns are ignored.
 */
export function planImport(csv: string, wines: CatalogueWine[], maxRows: number): ImportPlan {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(csv, {
      bom: true,
      delimiter: csvSeparator(csv),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, '') : 'unreadable';
    return fileError('csvInvalid', API_MESSAGES.bottleImportCsv(reason));
  }

  const [head, ...body] = records;
  if (!head) return fileError('csvEmpty', API_MESSAGES.bottleImportEmpty);
  const columns = head.record.map(header);
  const at = (name: string) => columns.indexOf(name);
  const col = { bottleId: at('bottle_id'), number: at('bottle_number'), wineId: at('wine_id'), wine: at('wine'), vintage: at('vintage'), size: at('size_ml') };
  const byId = col.wineId >= 0;
  if (col.bottleId < 0 || col.number < 0 || (!byId && (col.wine < 0 || col.vintage < 0))) {
    return fileError('csvHeader', API_MESSAGES.bottleImportHeader);
  }
  if (body.length === 0) return fileError('csvEmpty', API_MESSAGES.bottleImportEmpty);
  if (body.length > maxRows) return { kind: 'tooMany', rows: body.length };

  const winesById = new Map(wines.map((wine) => [wine.id.toLowerCase(), wine]));
  const winesByKey = new Map(wines.map((wine) => [wineKey(wine.name, wine.vintage, wine.sizeMl), wine]));
  const firstLineOfId = new Map<string, number>();
  const firstLineOfNumber = new Map<string, number>();
  const rows: ImportRow[] = [];
  const errors: FieldError[] = [];

  for (const { record, info } of body) {
    const line = info.lines;
    const field = `line ${line}`;
    const cell = (index: number) => (index >= 0 ? (record[index] ?? '').trim() : '');
    const problems: FieldError[] = [];
    const problem = (code: string, message: string) => problems.push({ field, code, message });

    const typedId = cell(col.bottleId);
    const bottleId = typedId === '' ? null : normaliseBottleId(typedId);
    if (typedId === '') problem('bottleIdRequired', renderValidationMessage('bottleIdRequired'));
    else if (!bottleId) problem('bottleIdFormat', renderValidationMessage('bottleIdFormat'));

    const numberText = cell(col.number);
    const bottleNumber = WHOLE.test(numberText) ? Number(numberText) : NaN;
    if (!(bottleNumber >= 1)) problem('bottleNumber', API_MESSAGES.bottleImportNumber);

    let wine: CatalogueWine | undefined;
    if (byId) {
      const id = cell(col.wineId);
      wine = isUuid(id) ? winesById.get(id.toLowerCase()) : undefined;
      if (!wine) problem('unknownWine', API_MESSAGES.bottleImportUnknownWine(id === '' ? '(no wine_id)' : id));
    } else {
      const name = cell(col.wine);
      const vintageText = cell(col.vintage);
      const sizeText = cell(col.size);
      const vintage = /^\d{4}$/.test(vintageText) ? Number(vintageText) : NaN;
      const sizeMl = sizeText === '' ? STANDARD_SIZE_ML : WHOLE.test(sizeText) && Number(sizeText) > 0 ? Number(sizeText) : NaN;
      if (Number.isNaN(vintage)) problem('vintage', API_MESSAGES.bottleImportVintage);
      if (Number.isNaN(sizeMl)) problem('sizeMl', API_MESSAGES.bottleImportSize);
      if (!Number.isNaN(vintage) && !Number.isNaN(sizeMl)) {
        wine = winesByKey.get(wineKey(name, vintage, sizeMl));
        if (!wine) problem('unknownWine', API_MESSAGES.bottleImportUnknownWine(`“${name}” ${vintage} (${sizeMl} ml)`));
      }
    }

    if (bottleId) {
      const earlier = firstLineOfId.get(bottleId);
      if (earlier !== undefined) problem('duplicateInFile', API_MESSAGES.bottleImportDuplicateId(bottleId, earlier));
      else firstLineOfId.set(bottleId, line);
    }
    if (wine && bottleNumber >= 1) {
      const key = `${wine.id}|${bottleNumber}`;
      const earlier = firstLineOfNumber.get(key);
      if (earlier !== undefined) problem('duplicateNumberInFile', API_MESSAGES.bottleImportDuplicateNumber(bottleNumber, earlier));
      else firstLineOfNumber.set(key, line);
    }

    if (problems.length > 0) errors.push(...problems);
    else rows.push({ line, bottleId: bottleId!, wineId: wine!.id, bottleNumber });
  }
  return { kind: 'rows', rows, errors };
}
