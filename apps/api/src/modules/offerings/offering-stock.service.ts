import type { FieldError, OfferingInput } from '@winery/domain';
import type { OfferingCombination } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { invalid, problem } from './offering-problems.js';
import type { StaffOfferingQueries, StaffOfferingsRepository } from './staff-offerings.repository.js';

/** What staff send about an offering's content, its window aside. */
export type OfferingContent = Omit<OfferingInput, 'startDate' | 'endDate' | 'status'>;

type OfferingStockQueries = Pick<
  StaffOfferingQueries,
  'lockStock' | 'offeringWines' | 'orderedOfferingWineIds' | 'deleteOfferingWines' | 'upsertOfferingWine' | 'replaceStock' | 'update'
>;

/** An offering's wines, their prices and stock per location, and the combination rules between them. */
export function createOfferingStock(repository: Pick<StaffOfferingsRepository, 'findWines' | 'findLocations'>) {
  /**
   * What the schema cannot see in the body: every wine and location must be this tenant's (404
   * otherwise, like any id of another tenant), a wine is listed once, and combination rules
   * name wines of this offering.
   */
  async function check(tenantId: string, content: OfferingContent): Promise<void> {
    const problems: FieldError[] = [];
    const listed = new Set<string>();
    content.wines.forEach((wine, index) => {
      if (listed.has(wine.wineId)) problems.push(problem(`wines.${index}.wineId`, 'duplicateWine', API_MESSAGES.duplicateWine));
      listed.add(wine.wineId);
      const locations = new Set<string>();
      wine.stock.forEach((row, at) => {
        if (locations.has(row.locationId)) {
          problems.push(problem(`wines.${index}.stock.${at}.locationId`, 'duplicateLocation', API_MESSAGES.duplicateLocation));
        }
        locations.add(row.locationId);
      });
    });
    content.combinations.forEach((rule, index) => {
      for (const key of ['wineId', 'requiresWineId'] as const) {
        if (!listed.has(rule[key])) {
          problems.push(problem(`combinations.${index}.${key}`, 'wineNotInOffering', API_MESSAGES.wineNotInOffering));
        }
      }
      if (rule.wineId === rule.requiresWineId) {
        problems.push(problem(`combinations.${index}.requiresWineId`, 'combinationSelf', API_MESSAGES.combinationSelf));
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
      wineSet.has(wine.wineId) ? [] : [problem(`wines.${index}.wineId`, 'wineNotFound', API_MESSAGES.wineNotFound)],
    );
    if (missingWines.length > 0) throw new ApiError('notFound', API_MESSAGES.wineNotFound, missingWines);
    const missingLocations = content.wines.flatMap((wine, index) =>
      wine.stock.flatMap((row, at) =>
        locationSet.has(row.locationId)
          ? []
          : [problem(`wines.${index}.stock.${at}.locationId`, 'locationNotFound', API_MESSAGES.locationNotFound)],
      ),
    );
    if (missingLocations.length > 0) throw new ApiError('notFound', API_MESSAGES.locationNotFound, missingLocations);
  }

  /**
   * Makes the offering's wines exactly the listed ones (in that order, at those prices and stock)
   * and stores the combination rules with offering-wine ids, as members and carts know wines.
   * A wine that has been ordered cannot be taken out.
   */
  async function sync(q: OfferingStockQueries, tenantId: string, offeringId: string, content: OfferingContent) {
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
      const offeringWineId = await q.upsertOfferingWine({
        tenantId,
        offeringId,
        wineId: wine.wineId,
        priceCents: wine.priceCents,
        sortOrder,
        defaultMinimum: wine.defaultMinimum,
        defaultMaximum: wine.defaultMaximum,
      });
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

  return { check, sync };
}

export type OfferingStock = ReturnType<typeof createOfferingStock>;
