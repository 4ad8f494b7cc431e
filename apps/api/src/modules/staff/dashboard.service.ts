import { offeringPhase, type Dashboard } from '@winery/domain';
import type { DashboardRepository, DashboardWineRow } from './dashboard.repository.js';

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** ordered / invited as a percentage with one decimal; 0 when nobody was invited. */
export const takeUpPercent = (ordered: number, invited: number) => (invited > 0 ? Math.round((ordered / invited) * 1000) / 10 : 0);

/** The live and next offerings as the dashboard shows them, figures as of `now()`. */
export function createDashboardService(repository: DashboardRepository, now: () => Date) {
  return {
    async read(tenantId: string): Promise<Dashboard> {
      const at = now();
      const [rows, prospectsWaiting] = await Promise.all([repository.offerings(tenantId, at), repository.prospectsWaiting(tenantId)]);
      return {
        generatedAt: at.toISOString(),
        offerings: rows.map((row) => {
          const phase = offeringPhase(row, at);
          const wines = (typeof row.wines === 'string' ? JSON.parse(row.wines) : row.wines) as DashboardWineRow[];
          return {
            id: row.id,
            name: row.name,
            slug: row.slug,
            phase,
            startDate: row.startDate.toISOString(),
            endDate: row.endDate.toISOString(),
            secondsToStart: phase === 'scheduled' ? seconds(at, row.startDate) : null,
            secondsToEnd: phase === 'closed' ? null : seconds(at, row.endDate),
            allocated: row.allocated,
            invited: row.invited,
            signedInThroughLink: row.signedInThroughLink,
            ordered: row.ordered,
            takeUpPercent: takeUpPercent(row.ordered, row.invited),
            revenueCents: row.revenueCents,
            wines: wines.map((wine) => ({ ...wine, sold: Number(wine.sold), left: Number(wine.left) })),
            wishesWaiting: row.wishesWaiting,
          };
        }),
        prospectsWaiting,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
