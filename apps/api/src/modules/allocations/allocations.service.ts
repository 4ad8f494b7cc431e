import { graceEndsAt, type AllocationDetail, type AllocationSummary } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AllocationsRepository } from './allocations.repository.js';

interface Windowed {
  startDate: Date;
  endDate: Date;
}

/**
 * When a window counts as begun: its opening, or its close when that comes first (a tier whose
 * opening the offering's end, moved earlier or closed early, now falls after: ADR 028). Such a
 * window never opens, and from its close it is the member's expired allocation (seed §4), not one
 * still to come.
 */
const begins = (item: Windowed): number => Math.min(item.startDate.getTime(), item.endDate.getTime());

/**
 * The client uses the first item as "the current allocation" (seed §7), so the offerings that
 * have begun and still say something to the member (open, or closed within the grace window:
 * their order's summary or Offering Closed, seed §4) come first, latest start first; then the
 * ones still to come, soonest first, so a member whose tier opens later reads when their offering
 * opens (issue 17); last the ones past their grace window, latest start first. Before, those came
 * first too, and a member of a later tier who had an allocation of any past release saw only
 * their account, not their opening.
 */
export function orderAllocations<T extends Windowed>(items: readonly T[], now: Date): T[] {
  const t = now.getTime();
  const begun = (i: T) => begins(i) <= t;
  const pastGrace = (i: T) => t > graceEndsAt({ closesAt: i.endDate }).getTime();
  const latestFirst = (a: T, b: T) => begins(b) - begins(a);
  return [
    ...items.filter((i) => begun(i) && !pastGrace(i)).sort(latestFirst),
    ...items.filter((i) => !begun(i)).sort((a, b) => begins(a) - begins(b)),
    ...items.filter((i) => begun(i) && pastGrace(i)).sort(latestFirst),
  ];
}

export function createAllocationsService(repository: AllocationsRepository, now: () => Date) {
  return {
    async list(tenantId: string, customerId: string): Promise<AllocationSummary[]> {
      const rows = await repository.listForCustomer(tenantId, customerId);
      return orderAllocations(rows, now()).map((row) => ({
        id: row.id,
        name: row.name,
        startDate: row.startDate.toISOString(),
        endDate: row.endDate.toISOString(),
      }));
    },

    async detail(tenantId: string, customerId: string, allocationId: string): Promise<AllocationDetail> {
      // Someone else's allocation answers exactly like one that does not exist.
      const row = await repository.findForCustomer(tenantId, customerId, allocationId);
      if (!row) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
      const pending = await repository.pendingOrders(tenantId, customerId, allocationId);
      return {
        id: row.id,
        startDate: row.startDate.toISOString(),
        endDate: row.endDate.toISOString(),
        pendingOrders: pending.map((order) => ({ ...order, placedAt: order.placedAt.toISOString() })),
        metaData: { ...row.offeringMetaData, ...row.allocationMetaData },
        release: { waitingRoom: row.admissionPerMinute !== null, holdMinutes: row.holdMinutes },
      };
    },
  };
}

export type AllocationsService = ReturnType<typeof createAllocationsService>;
