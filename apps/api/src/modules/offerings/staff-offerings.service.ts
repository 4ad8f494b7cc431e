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
import type { OfferingCombination } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { createStaffAllocationsService, fieldError, invalid } from './staff-allocations.service.js';
import type { OfferingRow, OfferingValues, StaffOfferingQueries, StaffOfferingsRepository } from './staff-offerings.repository.js';

type OfferingContent = Omit<OfferingInput, 'startDate' | 'endDate'>;

/**
 * The campaign type is a column, but members' pages read it from metaData['campaign-type']
 * (seed §2, §3), so the two are written together and can never disagree.
 */
export function metaDataFor(metaData: Record<string, unknown>, campaignType: CampaignKind): Record<string, unknown> {
  const { 'campaign-type': _previous, ...rest } = metaData;
  return campaignType === 'standard' ? rest : { ...rest, 'campaign-type': campaignType };
}

export function createStaffOfferingsService(repository: StaffOfferingsRepository, now: () => Date) {
  /**
   * What the schema cannot see in the body: every wine and location must be this tenant's (404
   * otherwise, like any id of another tenant), a wine is listed once, and combination rules
   * name wines of this offering.
   */
  async function checkContent(tenantId: string, content: OfferingContent): Promise<void> {
    const problems: FieldError[] = [];
    const listed = new Set<string>();
    content.wines.forEach((wine, index) => {
      if (listed.has(wine.wineId)) problems.push(fieldError(`wines.${index}.wineId`, 'duplicateWine', API_MESSAGES.duplicateWine));
      listed.add(wine.wineId);
      const locations = new Set<string>();
      wine.stock.forEach((row, at) => {
        if (locations.has(row.locationId)) {
          problems.push(fieldError(`wines.${index}.stock.${at}.locationId`, 'duplicateLocation', API_MESSAGES.duplicateLocation));
        }
        locations.add(row.locationId);
      });
    });
    content.combinations.forEach((rule, index) => {
      for (const key of ['wineId', 'requiresWineId'] as const) {
        if (!listed.has(rule[key])) {
          problems.push(fieldError(`combinations.${index}.${key}`, 'wineNotInOffering', API_MESSAGES.wineNotInOffering));
        }
      }
      if (rule.wineId === rule.requiresWineId) {
        problems.push(fieldError(`combinations.${index}.requiresWineId`, 'combinationSelf', API_MESSAGES.combinationSelf));
      }
    });
    if (problems.length > 0) throw invalid(problems);

    const wineIds = [...listed];
    const locationIds = [...new Set(content.wines.flatMap((wine) => wine.stock.map((row) => row.locationId)))];
    const [knownWines, knownLocations] = await Promise.all([
      repository.findWines(tenantId, wineIds),
      repository.findLocations(tenantId, locationIds),
    ]);
    const wineSet = new Set(knownWines.map((row) => row.id));
    const locationSet = new Set(knownLocations.map((row) => row.id));
    const missingWines = content.wines.flatMap((wine, index) =>
      wineSet.has(wine.wineId) ? [] : [fieldError(`wines.${index}.wineId`, 'wineNotFound', API_MESSAGES.wineNotFound)],
    );
    if (missingWines.length > 0) throw new ApiError('notFound', API_MESSAGES.wineNotFound, missingWines);
    const missingLocations = content.wines.flatMap((wine, index) =>
      wine.stock.flatMap((row, at) =>
        locationSet.has(row.locationId)
          ? []
          : [fieldError(`wines.${index}.stock.${at}.locationId`, 'locationNotFound', API_MESSAGES.locationNotFound)],
      ),
    );
    if (missingLocations.length > 0) throw new ApiError('notFound', API_MESSAGES.locationNotFound, missingLocations);
  }

  const contentValues = (content: OfferingContent): Omit<OfferingValues, 'startDate' | 'endDate' | 'combinations'> => ({
    name: content.name,
    slug: content.slug,
    campaignType: content.campaignType,
    metaData: metaDataFor(content.metaData, content.campaignType),
    letter: content.letter,
    vintageNotes: content.vintageNotes,
    orderMinimumCents: content.orderMinimumCents,
  });

  /**
   * Makes the offering's wines exactly the listed ones (in that order, at those prices and stock)
   * and stores the combination rules with offering-wine ids, as members and carts know wines.
   * A wine that has been ordered cannot be taken out.
   */
  async function syncWines(q: StaffOfferingQueries, tenantId: string, offeringId: string, content: OfferingContent) {
    // Before anything is read: an order that took stock of a leaving wine has committed by then,
    // so the check below sees it, and orders and this edit take the stock rows in one order.
    await q.lockStock(tenantId, offeringId);
    const existing = await q.offeringWines(tenantId, offeringId);
    const listed = new Set(content.wines.map((wine) => wine.wineId));
    const leaving = existing.filter((wine) => !listed.has(wine.wineId)).map((wine) => wine.offeringWineId);
    if ((await q.orderedOfferingWineIds(tenantId, leaving)).length > 0) throw new ApiError('conflict', API_MESSAGES.wineOrdered);
    await q.deleteOfferingWines(tenantId, leaving);

    const offeringWineOf = new Map<string, string>();
    for (const [sortOrder, wine] of content.wines.entries()) {
      const offeringWineId = await q.upsertOfferingWine({ tenantId, offeringId, wineId: wine.wineId, priceCents: wine.priceCents, sortOrder });
      await q.replaceStock(tenantId, offeringWineId, wine.stock);
      offeringWineOf.set(wine.wineId, offeringWineId);
    }
    const combinations: OfferingCombination[] = content.combinations.map((rule) => ({
      wineId: offeringWineOf.get(rule.wineId)!,
      requiresWineId: offeringWineOf.get(rule.requiresWineId)!,
      quantity: rule.quantity,
    }));
    await q.update(tenantId, offeringId, { combinations });
  }

  /** Seed §5 on an edit: a start already passed stays, an end not before now, a new start a day ahead. */
  function checkWindow(current: OfferingRow, input: OfferingUpdateInput, at: Date) {
    const start = new Date(input.startDate);
    const end = new Date(input.endDate);
    const problems: FieldError[] = [];
    const startChanged = start.getTime() !== current.startDate.getTime();
    if (offeringPhase(current, at) !== 'scheduled') {
      if (startChanged) problems.push(fieldError('startDate', 'startDateLocked', API_MESSAGES.startDateLocked));
      if (end.getTime() < at.getTime()) problems.push(fieldError('endDate', 'endDateInPast', API_MESSAGES.endDateInPast));
    } else if (startChanged && start.getTime() < at.getTime() + MIN_DAYS_AHEAD * DAY_MS) {
      problems.push(fieldError('startDate', 'dateTooSoon', renderValidationMessage('dateTooSoon', { days: MIN_DAYS_AHEAD })));
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
      await checkContent(tenantId, input);
      let id: string;
      try {
        id = await repository.transaction(async (q) => {
          const row = await q.insert(tenantId, {
            ...contentValues(input),
            startDate: new Date(input.startDate),
            endDate: new Date(input.endDate),
            combinations: [],
          });
          await syncWines(q, tenantId, row.id, input);
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
      await checkContent(tenantId, input);
      try {
        await repository.transaction(async (q) => {
          const current = await q.lock(tenantId, offeringId);
          if (!current) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
          const window = checkWindow(current, input, now());
          await q.update(tenantId, offeringId, { ...contentValues(input), ...window });
          await syncWines(q, tenantId, offeringId, input);
        });
      } catch (error) {
        throw slugInUse(error);
      }
      return detail(tenantId, offeringId);
    },

    ...createStaffAllocationsService(repository, now),
  };
}

export type StaffOfferingsService = ReturnType<typeof createStaffOfferingsService>;
