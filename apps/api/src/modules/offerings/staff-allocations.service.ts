import type { AllocationAssignment, AllocationMetaData, FieldError, StaffAllocation } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { invalid, problem } from './offering-problems.js';
import type { AllocationLineValues } from './staff-allocations.repository.js';
import type { StaffOfferingQueries, StaffOfferingsRepository } from './staff-offerings.repository.js';

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
    const wines = new Set<string>();
    const lines: AllocationLineValues[] = [];
    entry.lines.forEach((line, at) => {
      const offeringWineId = known.offeringWineOf.get(line.wineId);
      if (!offeringWineId) {
        problems.push(problem(`${index}.lines.${at}.wineId`, 'wineNotInOffering', API_MESSAGES.wineNotInOffering));
      } else if (wines.has(line.wineId)) {
        problems.push(problem(`${index}.lines.${at}.wineId`, 'duplicateWine', API_MESSAGES.duplicateWine));
      } else {
        lines.push({ offeringWineId, minimum: line.minimum, maximum: line.maximum });
      }
      wines.add(line.wineId);
    });
    return { entry, customerId: customerId ?? '', lines };
  });
  if (missing.length > 0) throw new ApiError('notFound', API_MESSAGES.customerNotFound, missing);
  if (problems.length > 0) throw invalid(problems);
  return resolved;
}

/**
 * Members' allocations in an offering, as staff assign them. Every write takes the offering's
 * lock first (see the repository).
 */
export function createStaffAllocationsService(repository: StaffOfferingsRepository) {
  async function allocationViews(
    q: Pick<StaffOfferingQueries, 'listAllocations'>,
    tenantId: string,
    offeringId: string,
    allocationIds?: string[],
  ): Promise<StaffAllocation[]> {
    const { members, lines } = await q.listAllocations(tenantId, offeringId, allocationIds);
    return members.map((member) => ({
      ...member,
      metaData: member.metaData as AllocationMetaData,
      hasOrdered: Boolean(member.hasOrdered),
      lines: lines
        .filter((line) => line.allocationId === member.id)
        .map(({ wineId, minimum, maximum }) => ({ wineId, minimum, maximum })),
    }));
  }

  return {
    async list(tenantId: string, offeringId: string): Promise<StaffAllocation[]> {
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      return allocationViews(repository, tenantId, offeringId);
    },

    /**
     * Creates or updates the listed members' allocations and sets their lines, all in one
     * transaction: one unknown member or wine and nothing changes. Members not listed are left
     * as they are. The same call sent several times at once gives the same answer each time:
     * the calls queue on the offering's lock, and each reads what the one before it committed.
     */
    async assign(tenantId: string, offeringId: string, input: AllocationAssignment[]): Promise<StaffAllocation[]> {
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);

      const ids = input.flatMap((entry) => (entry.customerId ? [entry.customerId] : []));
      const emails = input.flatMap((entry) => (entry.email ? [entry.email.toLowerCase()] : []));
      const found = await repository.findCustomers(tenantId, { ids, emails });
      const byId = new Map(found.byId.map((row) => [row.id, row.id]));
      const byEmail = new Map(found.byEmail.map((row) => [row.email, row.id]));

      return repository.transaction(async (q) => {
        if (!(await q.lock(tenantId, offeringId, 'no key update'))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
        // Read under the lock: an edit that took a wine out has committed, so no line names it.
        const offered = await q.offeringWines(tenantId, offeringId);
        const resolved = resolveAssignments(input, { byId, byEmail, offeringWineOf: new Map(offered.map((wine) => [wine.wineId, wine.offeringWineId])) });

        const customerIds = resolved.map((member) => member.customerId);
        const before = new Map((await q.allocationsOf(tenantId, offeringId, customerIds)).map((row) => [row.customerId, row.id]));
        await q.insertAllocations(
          resolved
            .filter((member) => !before.has(member.customerId))
            .map(({ entry, customerId }) => ({
              tenantId,
              offeringId,
              customerId,
              orderMinimumCents: entry.orderMinimumCents ?? null,
              metaData: entry.metaData ?? {},
            })),
        );
        const after = new Map((await q.allocationsOf(tenantId, offeringId, customerIds)).map((row) => [row.customerId, row.id]));
        for (const { entry, customerId } of resolved) {
          if (!before.has(customerId)) continue;
          await q.updateAllocation(tenantId, after.get(customerId)!, {
            ...(entry.orderMinimumCents !== undefined ? { orderMinimumCents: entry.orderMinimumCents } : {}),
            ...(entry.metaData !== undefined ? { metaData: entry.metaData } : {}),
          });
        }
        await q.replaceLines(
          tenantId,
          resolved.map(({ customerId, lines }) => ({ allocationId: after.get(customerId)!, lines })),
        );
        const allocationIds = resolved.map(({ customerId }) => after.get(customerId)!);
        // Read in the same transaction: the answer is what this call wrote, not a later call's.
        const views = await allocationViews(q, tenantId, offeringId, allocationIds);
        // In the order they were sent, so a console can match answers to its rows.
        return allocationIds.map((id) => views.find((view) => view.id === id)!);
      });
    },
  };
}

export type StaffAllocationsService = ReturnType<typeof createStaffAllocationsService>;
