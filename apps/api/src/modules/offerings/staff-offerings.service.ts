import {
  DAY_MS,
  MIN_DAYS_AHEAD,
  offeringPhase,
  renderValidationMessage,
  type AllocationMetaData,
  type CampaignKind,
  type FieldError,
  type OfferingInput,
  type OfferingUpdateInput,
  type StaffOffering,
  type StaffOfferingSummary,
} from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { invalid, problem } from './offering-problems.js';
import { createOfferingStock, type OfferingContent } from './offering-stock.service.js';
import type { OfferingRow, OfferingValues, StaffOfferingsRepository } from './staff-offerings.repository.js';

/**
 * The campaign type is a column, but members' pages read it from metaData['campaign-type']
 * (seed §2, §3), so the two are written together and can never disagree.
 */
export function metaDataFor(metaData: Record<string, unknown>, campaignType: CampaignKind): Record<string, unknown> {
  const { 'campaign-type': _previous, ...rest } = metaData;
  return campaignType === 'standard' ? rest : { ...rest, 'campaign-type': campaignType };
}

/** Offerings as staff schedule and edit them; their wines and stock are offering-stock.service.ts's. */
export function createStaffOfferingsService(repository: StaffOfferingsRepository, now: () => Date) {
  const stock = createOfferingStock(repository);

  const contentValues = (content: OfferingContent): Omit<OfferingValues, 'startDate' | 'endDate' | 'combinations'> => ({
    name: content.name,
    slug: content.slug,
    campaignType: content.campaignType,
    metaData: metaDataFor(content.metaData, content.campaignType),
    letter: content.letter,
    vintageNotes: content.vintageNotes,
    orderMinimumCents: content.orderMinimumCents,
  });

  /** Seed §5 on an edit: a start already passed stays, an end not before now, a new start a day ahead. */
  function checkWindow(current: OfferingRow, input: OfferingUpdateInput, at: Date) {
    const start = new Date(input.startDate);
    const end = new Date(input.endDate);
    const problems: FieldError[] = [];
    const startChanged = start.getTime() !== current.startDate.getTime();
    if (offeringPhase(current, at) !== 'scheduled') {
      if (startChanged) problems.push(problem('startDate', 'startDateLocked', API_MESSAGES.startDateLocked));
      if (end.getTime() < at.getTime()) problems.push(problem('endDate', 'endDateInPast', API_MESSAGES.endDateInPast));
    } else if (startChanged && start.getTime() < at.getTime() + MIN_DAYS_AHEAD * DAY_MS) {
      problems.push(problem('startDate', 'dateTooSoon', renderValidationMessage('dateTooSoon', { days: MIN_DAYS_AHEAD })));
    }
    if (problems.length > 0) throw invalid(problems);
    return { startDate: start, endDate: end };
  }

  const slugInUse = (error: unknown) =>
    isUniqueViolation(error, 'offerings_tenant_slug_unique') ? new ApiError('conflict', API_MESSAGES.slugInUse) : error;

  async function detail(tenantId: string, offeringId: string): Promise<StaffOffering> {
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
      phase: offeringPhase(offering, now()),
      metaData: offering.metaData as AllocationMetaData,
      letter: offering.letter,
      vintageNotes: offering.vintageNotes,
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

  return {
    async list(tenantId: string): Promise<StaffOfferingSummary[]> {
      const at = now();
      return (await repository.list(tenantId)).map(({ offering, wineCount, allocationCount }) => ({
        id: offering.id,
        name: offering.name,
        slug: offering.slug,
        campaignType: offering.campaignType,
        startDate: offering.startDate.toISOString(),
        endDate: offering.endDate.toISOString(),
        phase: offeringPhase(offering, at),
        wineCount,
        allocationCount,
      }));
    },

    detail,

    /** The window was checked by the route's schema (seed §5); the rest here, then one transaction. */
    async create(tenantId: string, input: OfferingInput): Promise<StaffOffering> {
      await stock.check(tenantId, input);
      let id: string;
      try {
        id = await repository.transaction(async (q) => {
          const row = await q.insert(tenantId, {
            ...contentValues(input),
            startDate: new Date(input.startDate),
            endDate: new Date(input.endDate),
            combinations: [],
          });
          await stock.sync(q, tenantId, row.id, input);
          return row.id;
        });
      } catch (error) {
        throw slugInUse(error);
      }
      return detail(tenantId, id);
    },

    /**
     * Replaces the offering's content, wines and rules. An offering that has started keeps its
     * start; its end may move, but not into the past.
     */
    async update(tenantId: string, offeringId: string, input: OfferingUpdateInput): Promise<StaffOffering> {
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      await stock.check(tenantId, input);
      try {
        await repository.transaction(async (q) => {
          const current = await q.lock(tenantId, offeringId);
          if (!current) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
          const window = checkWindow(current, input, now());
          await q.update(tenantId, offeringId, { ...contentValues(input), ...window });
          await stock.sync(q, tenantId, offeringId, input);
        });
      } catch (error) {
        throw slugInUse(error);
      }
      return detail(tenantId, offeringId);
    },

  };
}

export type StaffOfferingsService = ReturnType<typeof createStaffOfferingsService>;
