import type { AllocationImportResult } from "@winery/domain";
import { ApiError } from "../../shared/api-error.js";
import { API_MESSAGES } from "../../shared/api-messages.js";
import type { AuditActor } from "../../shared/audit.js";
import {
  csvHeader,
  csvRows,
  planAllocationImport,
  type ImportProblem,
  type PlannedRow,
} from "./allocation-csv.js";
import { writeAssignments } from "./staff-allocations.service.js";
import type { StaffOfferingsRepository } from "./staff-offerings.repository.js";

/** Members per file; larger lists go in several files. */
export const ALLOCATION_IMPORT_MAX_ROWS = 10_000;
const PREVIEW_ROWS = 50;
/** Members read per query while the export streams. */
const EXPORT_PAGE = 500;

const problemsError = (errors: ImportProblem[]) =>
  new ApiError(
    "validationError",
    API_MESSAGES.allocationImportInvalid,
    // The standard error shape; the line goes into the field: "line 3.email", "line 1.csv".
    errors.map((error) => ({
      field: `line ${error.line}.${error.field}`,
      code: "importLine",
      message: error.message,
    })),
  );

/**
 * The allocations file (allocation-csv.ts): a dry run answers what would be written and every
 * error by line; the real run writes all rows in one transaction, or nothing when any row is wrong.
 */
export function createAllocationImportService(
  repository: StaffOfferingsRepository,
) {
  async function offered(tenantId: string, offeringId: string) {
    if (!(await repository.find(tenantId, offeringId)))
      throw new ApiError("notFound", API_MESSAGES.offeringNotFound);
    return repository.offeringWines(tenantId, offeringId);
  }

  /** Rows whose member is known, and an error for each e-mail that names nobody. */
  async function matchMembers(tenantId: string, rows: PlannedRow[]) {
    const found = await repository.findCustomers(tenantId, {
      ids: [],
      emails: rows.map((row) => row.email),
    });
    const byEmail = new Map(found.byEmail.map((row) => [row.email, row.id]));
    const errors: ImportProblem[] = rows.flatMap((row) =>
      byEmail.has(row.email)
        ? []
        : [
            {
              line: row.line,
              field: "email",
              message: API_MESSAGES.allocationImportUnknownMember(row.email),
            },
          ],
    );
    return { byEmail, errors };
  }

  return {
    async import(
      actor: AuditActor,
      offeringId: string,
      csv: string,
      dryRun: boolean,
    ): Promise<AllocationImportResult> {
      const { tenantId } = actor;
      const wines = await offered(tenantId, offeringId);
      const plan = planAllocationImport(csv, wines, ALLOCATION_IMPORT_MAX_ROWS);
      if (plan.kind === "file") {
        if (!dryRun) throw problemsError([plan.error]);
        return { dryRun, rows: 0, valid: 0, errors: [plan.error], preview: [] };
      }
      const members = await matchMembers(tenantId, plan.rows);
      const errors = [...plan.errors, ...members.errors].sort(
        (a, b) => a.line - b.line,
      );
      const valid = plan.rows.filter((row) => members.byEmail.has(row.email));
      const rowCount =
        plan.rows.length +
        new Set(
          plan.errors.map((error) => error.line).filter((line) => line > 1),
        ).size;
      const result = {
        dryRun,
        rows: rowCount,
        valid: valid.length,
        errors,
        preview: valid.slice(0, PREVIEW_ROWS).map((row) => ({
          line: row.line,
          email: row.email,
          customerId: members.byEmail.get(row.email) ?? null,
          lines: row.lines.map(({ wineId, minimum, maximum }) => ({
            wineId,
            minimum,
            maximum,
          })),
        })),
      };
      if (dryRun) return result;
      if (errors.length > 0) throw problemsError(errors);
      await repository.transaction(async (q) => {
        if (!(await q.lock(tenantId, offeringId, "no key update")))
          throw new ApiError("notFound", API_MESSAGES.offeringNotFound);
        // Under the lock: a wine taken out meanwhile is no longer offered, and its lines would fail.
        const current = new Set(
          (await q.offeringWines(tenantId, offeringId)).map(
            (wine) => wine.offeringWineId,
          ),
        );
        const gone = valid.flatMap((row) =>
          row.lines
            .filter((line) => !current.has(line.offeringWineId))
            .map(() => row.line),
        );
        if (gone.length > 0)
          throw problemsError(
            gone.map((line) => ({
              line,
              field: "csv",
              message: API_MESSAGES.wineNotInOffering,
            })),
          );
        await writeAssignments(
          q,
          actor,
          offeringId,
          valid.map((row) => ({
            customerId: members.byEmail.get(row.email)!,
            lines: row.lines.map(({ offeringWineId, minimum, maximum }) => ({
              offeringWineId,
              minimum,
              maximum,
            })),
          })),
          "allocation.import",
        );
      });
      return result;
    },

    /** The offering's allocations as the file the import reads, produced page by page. */
    async *export(
      tenantId: string,
      offeringId: string,
    ): AsyncGenerator<string> {
      const wines = await offered(tenantId, offeringId);
      yield csvHeader(wines);
      let after: readonly (string | number | null)[] | undefined;
      for (;;) {
        const { members, lines } = await repository.listAllocations(
          tenantId,
          offeringId,
          { after, limit: EXPORT_PAGE },
        );
        if (members.length === 0) return;
        yield csvRows(
          wines,
          members.map((member) => ({
            ...member,
            lines: lines.filter((line) => line.allocationId === member.id),
          })),
        );
        const last = members.at(-1)!;
        after = [last.lastName, last.firstName, last.id];
        if (members.length < EXPORT_PAGE) return;
      }
    },
  };
}

export type AllocationImportService = ReturnType<
  typeof createAllocationImportService
>;
