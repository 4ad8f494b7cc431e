import type {
  AllocationAssignment,
  AllocationBulkInput,
  AllocationListQuery,
  AllocationMetaData,
  FieldError,
  Page,
  StaffAllocation,
} from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AuditActor } from '../../shared/audit.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { isoOrNull } from '../invitations/invitation-state.js';
import { invalid, problem } from './offering-problems.js';
import type { AllocationLineValues } from './staff-allocations.repository.js';
import type { StaffOfferingQueries, StaffOfferingsRepository } from './staff-offerings.repository.js';

/**
 * Lines named by catalogue wine id or offering-wine id, as offering-wine lines; a wine outside the
 * offering or named twice is a problem at `${path}.${n}.wineId`.
 */
export function resolveLines(
  input: Array<{ wineId: string; minimum: number; maximum: number }>,
  offeringWineOf: Map<string, string>,
  path: string,
  problems: FieldError[],
): AllocationLineValues[] {
  const wines = new Set<string>();
  const lines: AllocationLineValues[] = [];
  input.forEach((line, at) => {
    const offeringWineId = offeringWineOf.get(line.wineId);
    if (!offeringWineId) {
      problems.push(problem(`${path}.${at}.wineId`, 'wineNotInOffering', API_MESSAGES.wineNotInOffering));
    } else if (wines.has(offeringWineId)) {
      problems.push(problem(`${path}.${at}.wineId`, 'duplicateWine', API_MESSAGES.duplicateWine));
    } else {
      lines.push({ offeringWineId, minimum: line.minimum, maximum: line.maximum });
    }
    if (offeringWineId) wines.add(offeringWineId);
  });
  return lines;
}

/** Both ids of each offered wine (catalogue and offering-wine) to the offering-wine id. */
export const offeringWineIndex = (offered: Array<{ wineId: string; offeringWineId: string }>) =>
  new Map(offered.flatMap((wine) => [[wine.wineId, wine.offeringWineId] as const, [wine.offeringWineId, wine.offeringWineId] as const]));

/**
 * Matches each listed member (by id or e-mail) and their lines (catalogue wine ids) to this
 * offering: 404 naming every unknown member, else 400 naming every member listed twice and every
 * wine outside the offering or given twice.
 */
function resolveAssignments(
  input: AllocationAssignment[],
  known: { byId: Map<string, string>; byEmail: Map<string, string>; offeringWineOf: Map<string, string> },
) {
  const missing: FieldError[] = [];
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  const resolved = input.map((entry, index) => {
    const key = entry.customerId ? 'customerId' : 'email';
    const customerId = entry.customerId ? known.byId.get(entry.customerId) : known.byEmail.get(entry.email!.toLowerCase());
    if (!customerId) missing.push(problem(`${index}.${key}`, 'customerNotFound', API_MESSAGES.customerNotFound));
    else if (seen.has(customerId)) problems.push(problem(`${index}.${key}`, 'duplicateMember', API_MESSAGES.duplicateMember));
    if (customerId) seen.add(customerId);
    const lines = resolveLines(entry.lines, known.offeringWineOf, `${index}.lines`, problems);
    return { entry, customerId: customerId ?? '', lines };
  });
  if (missing.length > 0) throw new ApiError('notFound', API_MESSAGES.customerNotFound, missing);
  if (problems.length > 0) throw invalid(problems);
  return resolved;
}

type ListedAllocations = Awaited<ReturnType<StaffOfferingQueries['listAllocations']>>;

/** The rows of listAllocations as the console reads them. */
export function allocationViews({ members, lines }: ListedAllocations): StaffAllocation[] {
  return members.map(({ state, stateAt, ...member }) => ({
    ...member,
    metaData: member.metaData as AllocationMetaData,
    hasOrdered: Boolean(member.hasOrdered),
    invitation: { state, at: isoOrNull(stateAt) },
    lines: lines
      .filter((line) => line.allocationId === member.id)
      .map(({ wineId, offeringWineId, minimum, maximum }) => ({ wineId, offeringWineId, minimum, maximum })),
  }));
}

/** A resolved assignment: the member, what to set on a new or existing allocation, the lines. */
export interface ResolvedAssignment {
  customerId: string;
  orderMinimumCents?: number | null | undefined;
  metaData?: Record<string, unknown> | undefined;
  lines: AllocationLineValues[];
}

/**
 * Writes resolved assignments in the caller's transaction (the offering locked): new allocations,
 * changed minimums and metaData, the lines, and one audit entry per allocation. Returns the
 * allocation ids in the order given.
 */
export async function writeAssignments(
  q: StaffOfferingQueries,
  actor: AuditActor,
  offeringId: string,
  resolved: ResolvedAssignment[],
  action: 'allocation.assign' | 'allocation.import' = 'allocation.assign',
): Promise<string[]> {
  const { tenantId } = actor;
  const customerIds = resolved.map((member) => member.customerId);
  const before = new Map((await q.allocationsOf(tenantId, offeringId, customerIds)).map((row) => [row.customerId, row.id]));
  const linesBefore = await q.linesOf(tenantId, [...before.values()]);
  await q.insertAllocations(
    resolved
      .filter((member) => !before.has(member.customerId))
      .map((member) => ({
        tenantId,
        offeringId,
        customerId: member.customerId,
        orderMinimumCents: member.orderMinimumCents ?? null,
        metaData: member.metaData ?? {},
      })),
  );
  const after = new Map((await q.allocationsOf(tenantId, offeringId, customerIds)).map((row) => [row.customerId, row.id]));
  for (const member of resolved) {
    if (!before.has(member.customerId)) continue;
    await q.updateAllocation(tenantId, after.get(member.customerId)!, {
      ...(member.orderMinimumCents !== undefined ? { orderMinimumCents: member.orderMinimumCents } : {}),
      ...(member.metaData !== undefined ? { metaData: member.metaData } : {}),
    });
  }
  await q.replaceLines(
    tenantId,
    resolved.map((member) => ({ allocationId: after.get(member.customerId)!, lines: member.lines })),
  );
  await q.recordAllocationAudits(
    actor,
    resolved.map((member) => {
      const id = after.get(member.customerId)!;
      const existed = before.has(member.customerId);
      return {
        action,
        entityType: 'allocation',
        entityId: id,
        before: existed ? { customerId: member.customerId, lines: linesBefore.filter((line) => line.allocationId === id) } : null,
        after: { customerId: member.customerId, orderMinimumCents: member.orderMinimumCents, lines: member.lines },
      };
    }),
  );
  return resolved.map((member) => after.get(member.customerId)!);
}

/**
 * Members' allocations in an offering, as staff assign them. Every write takes the offering's
 * lock first (see the repository) and records who did it.
 */
export function createStaffAllocationsService(repository: StaffOfferingsRepository, now: () => Date) {
  async function existing(tenantId: string, offeringId: string) {
    if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
  }

  return {
    /** A page of the offering's members in (last name, first name, id) order, filtered. */
    async list(tenantId: string, offeringId: string, query: AllocationListQuery): Promise<Page<StaffAllocation>> {
      const after = decodeCursor(query.cursor, 3);
      await existing(tenantId, offeringId);
      const listed = await repository.listAllocations(tenantId, offeringId, { filter: query, after, limit: query.limit + 1 });
      const views = allocationViews(listed);
      return toPage(
        views,
        query.limit,
        (row) => [row.lastName, row.firstName, row.id],
        (row) => row,
      );
    },

    /**
     * Creates or updates the listed members' allocations and sets their lines, all in one
     * transaction: one unknown member or wine and nothing changes. Members not listed are left
     * as they are. The same call sent several times at once gives the same answer each time:
     * the calls queue on the offering's lock, and each reads what the one before it committed.
     */
    async assign(actor: AuditActor, offeringId: string, input: AllocationAssignment[]): Promise<StaffAllocation[]> {
      const { tenantId } = actor;
      await existing(tenantId, offeringId);
      const ids = input.flatMap((entry) => (entry.customerId ? [entry.customerId] : []));
      const emails = input.flatMap((entry) => (entry.email ? [entry.email.toLowerCase()] : []));
      const found = await repository.findCustomers(tenantId, { ids, emails });
      const byId = new Map(found.byId.map((row) => [row.id, row.id]));
      const byEmail = new Map(found.byEmail.map((row) => [row.email, row.id]));

      return repository.transaction(async (q) => {
        if (!(await q.lock(tenantId, offeringId, 'no key update'))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
        // Read under the lock: an edit that took a wine out has committed, so no line names it.
        const offered = await q.offeringWines(tenantId, offeringId);
        const resolved = resolveAssignments(input, { byId, byEmail, offeringWineOf: offeringWineIndex(offered) });
        const allocationIds = await writeAssignments(
          q,
          actor,
          offeringId,
          resolved.map(({ entry, customerId, lines }) => ({
            customerId,
            orderMinimumCents: entry.orderMinimumCents,
            metaData: entry.metaData,
            lines,
          })),
        );
        // Read in the same transaction: the answer is what this call wrote, not a later call's.
        const views = allocationViews(await q.listAllocations(tenantId, offeringId, { allocationIds }));
        // In the order they were sent, so a console can match answers to its rows.
        return allocationIds.map((id) => views.find((view) => view.id === id)!);
      });
    },

    /** Takes a member out of the offering; 409 once they have ordered. */
    async remove(actor: AuditActor, offeringId: string, allocationId: string, at: Date = now()): Promise<void> {
      const { tenantId } = actor;
      await repository.transaction(async (q) => {
        if (!(await q.lock(tenantId, offeringId, 'no key update'))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
        const allocation = await q.findAllocation(tenantId, offeringId, allocationId);
        if (!allocation) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
        if (allocation.hasOrdered) throw new ApiError('conflict', API_MESSAGES.allocationOrdered);
        const lines = await q.linesOf(tenantId, [allocationId]);
        await q.deleteAllocation(tenantId, allocationId, at);
        await q.recordAllocationAudits(actor, [
          { action: 'allocation.delete', entityType: 'allocation', entityId: allocationId, before: { ...allocation, lines }, after: null },
        ]);
      });
    },

    /**
     * The same limits for every member matching the filter, in one transaction: `matched`
     * members, `updated` of them whose limits changed (or who were added).
     */
    async bulk(actor: AuditActor, offeringId: string, input: AllocationBulkInput): Promise<{ matched: number; updated: number }> {
      const { tenantId } = actor;
      await existing(tenantId, offeringId);
      return repository.transaction(async (q) => {
        if (!(await q.lock(tenantId, offeringId, 'no key update'))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
        const problems: FieldError[] = [];
        const lines = resolveLines(input.lines, offeringWineIndex(await q.offeringWines(tenantId, offeringId)), 'lines', problems);
        if (problems.length > 0) throw invalid(problems);
        const matched = await q.matchMembers(tenantId, offeringId, input.filter);
        const missing = matched.filter((member) => !member.allocationId);
        await q.insertAllocations(
          missing.map(({ customerId }) => ({ tenantId, offeringId, customerId, orderMinimumCents: null, metaData: {} })),
        );
        const ids = (
          await q.allocationsOf(
            tenantId,
            offeringId,
            matched.map((member) => member.customerId),
          )
        ).map((row) => row.id);
        const before = await q.linesOf(tenantId, ids);
        const same = (id: string) =>
          lines.every((line) =>
            before.some(
              (old) =>
                old.allocationId === id &&
                old.offeringWineId === line.offeringWineId &&
                old.minimum === line.minimum &&
                old.maximum === line.maximum,
            ),
          );
        const changed = ids.filter((id) => !same(id));
        await q.upsertLines(tenantId, changed, lines);
        await q.recordAllocationAudits(
          actor,
          changed.map((id) => ({
            action: 'allocation.bulk',
            entityType: 'allocation',
            entityId: id,
            before: { lines: before.filter((line) => line.allocationId === id) },
            after: { lines },
          })),
        );
        return { matched: matched.length, updated: changed.length };
      });
    },
  };
}

export type StaffAllocationsService = ReturnType<typeof createStaffAllocationsService>;
