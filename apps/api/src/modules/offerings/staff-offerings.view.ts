import { offeringPhase, type AllocationMetaData, type StaffOffering, type StaffOfferingSummary } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { OfferingRow, StaffOfferingsRepository } from './staff-offerings.repository.js';

/** A row of the staff list: the offering, its phase now, and how many wines and members it has. */
export function toOfferingSummary(
  row: { offering: OfferingRow; wineCount: number; allocationCount: number },
  at: Date,
): StaffOfferingSummary {
  const { offering } = row;
  return {
    id: offering.id,
    name: offering.name,
    slug: offering.slug,
    campaignType: offering.campaignType,
    startDate: offering.startDate.toISOString(),
    endDate: offering.endDate.toISOString(),
    phase: offeringPhase(offering, at),
    status: offering.status,
    closedEarly: offering.closedEarlyAt !== null,
    wineCount: row.wineCount,
    allocationCount: row.allocationCount,
  };
}

/** The offering as staff edit it, with stock, allocated and ordered bottles per wine. */
export async function readStaffOffering(
  repository: Pick<StaffOfferingsRepository, 'find' | 'offeringWines' | 'stock' | 'allocatedTotals' | 'orderedTotals' | 'allocationCounts'>,
  tenantId: string,
  offeringId: string,
  at: Date,
): Promise<StaffOffering> {
  const offering = await repository.find(tenantId, offeringId);
  if (!offering) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
  const [wines, stock, allocated, ordered, counts] = await Promise.all([
    repository.offeringWines(tenantId, offeringId),
    repository.stock(tenantId, offeringId),
    repository.allocatedTotals(tenantId, offeringId),
    repository.orderedTotals(tenantId, offeringId),
    repository.allocationCounts(tenantId, offeringId),
  ]);
  const wineIdOf = new Map(wines.map((wine) => [wine.offeringWineId, wine.wineId]));
  return {
    id: offering.id,
    name: offering.name,
    slug: offering.slug,
    campaignType: offering.campaignType,
    startDate: offering.startDate.toISOString(),
    endDate: offering.endDate.toISOString(),
    phase: offeringPhase(offering, at),
    status: offering.status,
    metaData: offering.metaData as AllocationMetaData,
    letter: offering.letter,
    vintageNotes: offering.vintageNotes,
    letterMarkdown: offering.letterMarkdown ?? '',
    vintageNotesMarkdown: offering.vintageNotesMarkdown ?? '',
    reminderDaysBefore: offering.reminderDaysBefore,
    admissionPerMinute: offering.admissionPerMinute,
    holdMinutes: offering.holdMinutes,
    closedEarlyAt: offering.closedEarlyAt?.toISOString() ?? null,
    duplicatedFromId: offering.duplicatedFromId,
    orderMinimumCents: offering.orderMinimumCents,
    wines: wines.map((wine) => {
      const rows = stock.filter((row) => row.offeringWineId === wine.offeringWineId);
      const totals = allocated.find((row) => row.offeringWineId === wine.offeringWineId);
      return {
        ...wine,
        stock: rows.map(({ locationId, quantity }) => ({ locationId, quantity })),
        available: rows.reduce((sum, row) => sum + row.quantity, 0),
        allocatedMinimum: totals?.minimum ?? 0,
        allocatedMaximum: totals?.maximum ?? 0,
        ordered: ordered.find((row) => row.offeringWineId === wine.offeringWineId)?.quantity ?? 0,
      };
    }),
    combinations: offering.combinations.flatMap((rule) => {
      const wineId = wineIdOf.get(rule.wineId);
      const requiresWineId = wineIdOf.get(rule.requiresWineId);
      return wineId && requiresWineId ? [{ wineId, requiresWineId, quantity: rule.quantity }] : [];
    }),
    allocations: counts,
  };
}
