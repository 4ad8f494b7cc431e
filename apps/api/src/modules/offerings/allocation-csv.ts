import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { csvSeparator, EmailSchema, MAX_BOTTLES_PER_WINE } from "@winery/domain";
import { API_MESSAGES } from "../../shared/api-messages.js";

/*
 * The allocations file (export and import, one format): a header row, then one member per row.
 *
 *   email,first_name,last_name,melbury_2022_750ml_min,melbury_2022_750ml_max,…
 *
 * `email` names the member (required, first column). first_name and last_name are there for
 * people reading the file and are ignored on import. Each wine of the offering has a `_min` and a
 * `_max` column, named after its wine, vintage and size (a second wine with the same name gets
 * `_2`). A row's limits become exactly the wines with numbers in it: both columns empty means the
 * member is not offered that wine. Every row's line in the file (the header is line 1) names its
 * errors. The export re-imports as it is.
 */

export interface OfferedWine {
  offeringWineId: string;
  wineId: string;
  name: string;
  vintage: number;
  sizeMl: number;
}

export interface PlannedRow {
  line: number;
  email: string;
  lines: Array<{
    offeringWineId: string;
    wineId: string;
    minimum: number;
    maximum: number;
  }>;
}

export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

export type AllocationImportPlan =
  | { kind: "rows"; rows: PlannedRow[]; errors: ImportProblem[] }
  | { kind: "file"; error: ImportProblem };

/** Each wine's column stem, in the offering's order: `melbury_2022_750ml`. */
export function wineColumns(
  offered: OfferedWine[],
): Array<OfferedWine & { column: string }> {
  const seen = new Map<string, number>();
  return offered.map((wine) => {
    const stem =
      `${wine.name} ${wine.vintage} ${wine.sizeMl}ml`
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_+|_+$/g, "") || "wine";
    const count = (seen.get(stem) ?? 0) + 1;
    seen.set(stem, count);
    return { ...wine, column: count === 1 ? stem : `${stem}_${count}` };
  });
}

/** A cell a spreadsheet would run as a formula is written as text (names only; e-mails cannot start so). */
const safeText = (value: string) =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/**
 * The export's first line, after a byte-order mark: Excel reads a file without it in the computer's
 * code page, so accented names came out garbled; lines end in CRLF, as in the orders' export.
 */
export function csvHeader(offered: OfferedWine[]): string {
  return stringify([
    [
      "email",
      "first_name",
      "last_name",
      ...wineColumns(offered).flatMap((wine) => [
        `${wine.column}_min`,
        `${wine.column}_max`,
      ]),
    ],
  ], { bom: true, record_delimiter: "windows" });
}

export function csvRows(
  offered: OfferedWine[],
  members: Array<{
    email: string;
    firstName: string;
    lastName: string;
    lines: Array<{ offeringWineId: string; minimum: number; maximum: number }>;
  }>,
): string {
  if (members.length === 0) return "";
  return stringify(
    members.map((member) => [
      member.email,
      safeText(member.firstName),
      safeText(member.lastName),
      ...offered.flatMap((wine) => {
        const line = member.lines.find(
          (candidate) => candidate.offeringWineId === wine.offeringWineId,
        );
        return line ? [String(line.minimum), String(line.maximum)] : ["", ""];
      }),
    ]),
    { record_delimiter: "windows" },
  );
}

const WHOLE = /^\d{1,4}$/;

/** Reads the file and checks every row on its own and against the others (members are checked by the service). */
export function planAllocationImport(
  csv: string,
  offered: OfferedWine[],
  maxRows: number,
): AllocationImportPlan {
  const fileError = (message: string, line = 1): AllocationImportPlan => ({
    kind: "file",
    error: { line, field: "csv", message },
  });
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
    }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.message.replace(/^Invalid [^:]*: /, "")
        : "unreadable";
    return fileError(API_MESSAGES.allocationImportCsv(reason));
  }
  const [head, ...body] = records;
  if (!head || head.record[0]?.toLowerCase() !== "email")
    return fileError(API_MESSAGES.allocationImportHeader);
  if (body.length === 0) return fileError(API_MESSAGES.allocationImportEmpty);
  if (body.length > maxRows)
    return fileError(API_MESSAGES.allocationImportTooMany(maxRows));

  const errors: ImportProblem[] = [];
  const byColumn = new Map(
    wineColumns(offered).map((wine) => [wine.column, wine]),
  );
  const columns = head.record.map((raw, index) => {
    const name = raw.toLowerCase();
    if (index === 0 || name === "first_name" || name === "last_name")
      return undefined;
    const match = /^(.*)_(min|max)$/.exec(name);
    const wine = match ? byColumn.get(match[1]!) : undefined;
    if (!wine) {
      errors.push({
        line: 1,
        field: raw,
        message: API_MESSAGES.allocationImportUnknownColumn(raw),
      });
      return undefined;
    }
    return { wine, bound: match![2] as "min" | "max", name: raw };
  });
  if (errors.length > 0) return { kind: "rows", rows: [], errors };

  const firstLine = new Map<string, number>();
  const rows: PlannedRow[] = [];
  for (const { record, info } of body) {
    const line = info.lines;
    const rowErrors: ImportProblem[] = [];
    const email = (record[0] ?? "").toLowerCase();
    if (!EmailSchema.safeParse(email).success)
      rowErrors.push({
        line,
        field: "email",
        message: API_MESSAGES.allocationImportEmail,
      });
    else if (firstLine.has(email))
      rowErrors.push({
        line,
        field: "email",
        message: API_MESSAGES.allocationImportDuplicate(firstLine.get(email)!),
      });
    else firstLine.set(email, line);

    const limits = new Map<
      string,
      {
        wine: OfferedWine;
        min?: string;
        max?: string;
        minName?: string;
        maxName: string;
      }
    >();
    columns.forEach((column, index) => {
      if (!column) return;
      const entry = limits.get(column.wine.offeringWineId) ?? {
        wine: column.wine,
        maxName: `${column.name.slice(0, -4)}_max`,
      };
      if (column.bound === "min")
        Object.assign(entry, {
          min: record[index] ?? "",
          minName: column.name,
        });
      else
        Object.assign(entry, {
          max: record[index] ?? "",
          maxName: column.name,
        });
      limits.set(column.wine.offeringWineId, entry);
    });
    const lines: PlannedRow["lines"] = [];
    for (const entry of limits.values()) {
      const min = entry.min ?? "";
      const max = entry.max ?? "";
      if (min === "" && max === "") continue;
      const bad = (value: string) =>
        !WHOLE.test(value) || Number(value) > MAX_BOTTLES_PER_WINE;
      if (bad(max))
        rowErrors.push({
          line,
          field: entry.maxName,
          message: API_MESSAGES.allocationImportNumber(MAX_BOTTLES_PER_WINE),
        });
      else if (min !== "" && bad(min))
        rowErrors.push({
          line,
          field: entry.minName!,
          message: API_MESSAGES.allocationImportNumber(MAX_BOTTLES_PER_WINE),
        });
      else if (Number(min || 0) > Number(max))
        rowErrors.push({
          line,
          field: entry.minName!,
          message: API_MESSAGES.allocationImportMinAboveMax,
        });
      else
        lines.push({
          offeringWineId: entry.wine.offeringWineId,
          wineId: entry.wine.wineId,
          minimum: Number(min || 0),
          maximum: Number(max),
        });
    }
    errors.push(...rowErrors);
    if (rowErrors.length === 0) rows.push({ line, email, lines });
  }
  return { kind: "rows", rows, errors };
}
