import type { InventoryLocation, Wine, WineInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import type { CatalogueRepository, InventoryLocationRow, WineRow } from './catalogue.repository.js';

export function toWineView(row: WineRow): Wine {
  return {
    id: row.id,
    name: row.name,
    vintage: row.vintage,
    sizeMl: row.sizeMl,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
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

export function createCatalogueService(repository: CatalogueRepository) {
  return {
    async listWines(tenantId: string): Promise<Wine[]> {
      return (await repository.listWines(tenantId)).map(toWineView);
    },

    async createWine(tenantId: string, input: WineInput): Promise<Wine> {
      try {
        return toWineView(await repository.insertWine(tenantId, input));
      } catch (error) {
        if (isUniqueViolation(error, 'wines_tenant_name_vintage_size_unique')) {
          throw new ApiError('conflict', API_MESSAGES.wineExists);
        }
        throw error;
      }
    },

    async listLocations(tenantId: string): Promise<InventoryLocation[]> {
      return (await repository.listLocations(tenantId)).map(toLocationView);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
