import type { InventoryLocation, Page, Wine, WineImage, WineInput, WineListQuery } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { wineKey, type CatalogueRepository, type InventoryLocationRow, type WineRow } from './catalogue.repository.js';

export function toWineView(row: WineRow, image: WineImage | null = null): Wine {
  return {
    id: row.id,
    name: row.name,
    vintage: row.vintage,
    sizeMl: row.sizeMl,
    priceCents: row.priceCents,
    description: row.description,
    tastingNotes: row.tastingNotes,
    image,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLocationView(row: InventoryLocationRow): InventoryLocation {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    hours: row.hours,
    countryCode: row.countryCode,
    stateCode: row.stateCode,
    shipsFrom: row.shipsFrom,
    pickup: row.pickup,
  };
}

const wineExists = (error: unknown) =>
  isUniqueViolation(error, 'wines_tenant_name_vintage_size_unique') ? new ApiError('conflict', API_MESSAGES.wineExists) : error;

const valuesOf = (input: WineInput) => ({
  name: input.name,
  vintage: input.vintage,
  sizeMl: input.sizeMl,
  priceCents: input.priceCents,
  description: input.description,
  tastingNotes: input.tastingNotes,
});

export function createCatalogueService(repository: CatalogueRepository, now: () => Date = () => new Date()) {
  return {
    async listWines(tenantId: string, query: WineListQuery): Promise<Page<Wine>> {
      const after = decodeCursor(query.cursor, 4);
      const rows = await repository.listWines(tenantId, { limit: query.limit + 1, after, q: query.q || undefined });
      const images = await repository.imagesOf(tenantId, rows.map((row) => row.id));
      return toPage(rows, query.limit, wineKey, (row) => toWineView(row, images.get(row.id) ?? null));
    },

    async wine(tenantId: string, wineId: string): Promise<Wine> {
      const row = await repository.findWine(tenantId, wineId);
      if (!row) throw new ApiError('notFound', API_MESSAGES.wineNotFound);
      return toWineView(row, (await repository.imagesOf(tenantId, [wineId])).get(wineId) ?? null);
    },

    async createWine(actor: AuditActor, input: WineInput): Promise<Wine> {
      try {
        return toWineView(
          await repository.transaction(async (q, tx) => {
            const row = await q.insertWine(actor.tenantId, valuesOf(input));
            await recordAudit(tx, actor, { action: 'wine.create', entityType: 'wine', entityId: row.id, after: toWineView(row) });
            return row;
          }),
        );
      } catch (error) {
        throw wineExists(error);
      }
    },

    /** Replaces the wine's details; offerings keep their own prices. */
    async updateWine(actor: AuditActor, wineId: string, input: WineInput): Promise<Wine> {
      try {
        const image = (await repository.imagesOf(actor.tenantId, [wineId])).get(wineId) ?? null;
        return toWineView(
          await repository.transaction(async (q, tx) => {
            const before = await q.findWine(actor.tenantId, wineId, true);
            if (!before) throw new ApiError('notFound', API_MESSAGES.wineNotFound);
            const row = (await q.updateWine(actor.tenantId, wineId, valuesOf(input), now()))!;
            await recordAudit(tx, actor, {
              action: 'wine.update',
              entityType: 'wine',
              entityId: row.id,
              before: toWineView(before),
              after: toWineView(row),
            });
            return row;
          }),
          image,
        );
      } catch (error) {
        throw wineExists(error);
      }
    },

    async listLocations(tenantId: string): Promise<InventoryLocation[]> {
      return (await repository.listLocations(tenantId)).map(toLocationView);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
