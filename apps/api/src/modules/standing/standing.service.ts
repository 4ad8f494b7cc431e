import { standingState, windowEverOpened, type Standing, type StandingOffering } from '@winery/domain';
import type { StandingRepository } from './standing.repository.js';

/** A member's standing (issue 17, item 5; ADR 031), measured on the app's clock. */
export function createStandingService(repository: StandingRepository, now: () => Date) {
  return {
    async read(tenantId: string, customerId: string): Promise<Standing> {
      const at = now();
      const allocations = await repository.allocations(tenantId, customerId, at);
      const ids = allocations.map((allocation) => allocation.allocationId);
      const [wines, orders, rulesHtml] = await Promise.all([
        repository.wines(tenantId, ids),
        repository.orders(tenantId, customerId, ids),
        repository.rulesHtml(tenantId),
      ]);
      const offerings = allocations.flatMap((allocation): StandingOffering[] => {
        const state = standingState(allocation, at);
        if (state === 'upcoming') return [];
        const own = wines.filter((wine) => wine.allocationId === allocation.allocationId);
        const placed = orders.filter((order) => order.allocationId === allocation.allocationId);
        const bottlesOrdered = own.reduce((sum, wine) => sum + wine.ordered, 0);
        return [
          {
            offeringId: allocation.offeringId,
            allocationId: allocation.allocationId,
            name: allocation.name,
            opensAt: allocation.opensAt.toISOString(),
            closesAt: allocation.closesAt.toISOString(),
            state,
            orders: placed.map((order) => ({ id: order.id, number: order.number, placedAt: order.placedAt.toISOString() })),
            bottlesOrdered,
            // A member whose window closed before it opened had no turn to skip.
            skipped: state === 'closed' && placed.length === 0 && windowEverOpened(allocation),
            wines: own.map((wine) => ({
              wineId: wine.wineId,
              name: wine.name,
              vintage: wine.vintage,
              sizeMl: wine.sizeMl,
              minimum: wine.minimum,
              maximum: wine.maximum,
              ordered: wine.ordered,
              wish:
                wine.wishStatus && wine.wishQuantity !== null
                  ? { requested: wine.wishQuantity, status: wine.wishStatus, granted: wine.wishStatus === 'granted' ? (wine.wishGranted ?? wine.wishQuantity) : null }
                  : null,
            })),
          },
        ];
      });
      return { offerings, rules: rulesHtml === null ? null : { html: rulesHtml } };
    },
  };
}

export type StandingService = ReturnType<typeof createStandingService>;
