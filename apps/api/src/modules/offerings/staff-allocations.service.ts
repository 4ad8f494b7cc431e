import type { AllocationAssignment, AllocationMetaData, FieldError, StaffAllocation, StaffWish } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AllocationLineValues } from './staff-allocations.repository.js';
import type { StaffOfferingQueries, StaffOfferingsRepository } from './staff-offerings.repository.js';

export const invalid = (errors: FieldError[]) => new ApiError('validationError', API_MESSAGES.validation, errors);
export const fieldError = (field: string, code: string, message: string): FieldError => ({ field, code, message });

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
    if (!customerId) missing.push(fieldError(`${index}.${key}`, 'customerNotFound', API_MESSAGES.customerNotFound));
    else if (seen.has(customerId)) problems.push(fieldError(`${index}.${key}`, 'duplicateMember', API_MESSAGES.duplicateMember));
    if (customerId) seen.add(customerId);
    const wines = new Set<string>();
    const lines: AllocationLineValues[] = [];
    entry.lines.forEach((line, at) => {
      const offeringWineId = known.offeringWineOf.get(line.wineId);
      if (!offeringWineId) {
        problems.push(fieldError(`${index}.lines.${at}.wineId`, 'wineNotInOffering', API_MESSAGES.wineNotInOffering));
      } else if (wines.has(line.wineId)) {
        problems.push(fieldError(`${index}.lines.${at}.wineId`, 'duplicateWine', API_MESSAGES.duplicateWine));
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
 * Members' allocations in an offering and their wishes, as staff assign and answer them; part of
 * the staff offerings service. Every write takes the offering's lock first (see the repository).
 */
export function createStaffAllocationsService(repository: StaffOfferingsRepository, now: () => Date) {
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

  const wishView = (row: Awaited<ReturnType<StaffOfferingsRepository['listWishes']>>[number]): StaffWish => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  });

  async function decide(tenantId: string, wishId: string, decision: 'granted' | 'declined'): Promise<StaffWish> {
    const offeringId = await repository.offeringOfWish(tenantId, wishId);
    if (!offeringId) throw new ApiError('notFound', API_MESSAGES.wishNotFound);
    await repository.transaction(async (q) => {
      // The offering first, as every staff write to it does: a grant and an assignment (or an edit
      // that takes the wine out) queue there instead of each holding a row the other needs.
      await q.lock(tenantId, offeringId, 'no key update');
      const wish = await q.lockWish(tenantId, wishId);
      if (!wish) throw new ApiError('notFound', API_MESSAGES.wishNotFound);
      // Answered once: a second grant would raise the maximum twice.
      if (wish.status !== 'requested') throw new ApiError('conflict', API_MESSAGES.wishDecided);
      if (decision === 'granted') await q.raiseMaximum(tenantId, wish.allocationId, wish.offeringWineId, wish.quantity);
      await q.decideWish(tenantId, wishId, decision, now());
    });
    const [row] = await repository.listWishes(tenantId, { wishId });
    return wishView(row!);
  }

  return {
    async allocations(tenantId: string, offeringId: string): Promise<StaffAllocation[]> {
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

    async wishes(tenantId: string, offeringId: string): Promise<StaffWish[]> {
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      return (await repository.listWishes(tenantId, { offeringId })).map(wishView);
    },

    grant: (tenantId: string, wishId: string) => decide(tenantId, wishId, 'granted'),
    decline: (tenantId: string, wishId: string) => decide(tenantId, wishId, 'declined'),
  };
}
