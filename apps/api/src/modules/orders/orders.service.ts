import type { OrderSummary } from '@winery/domain';
import { assertOwnCustomer } from '../../shared/ownership.js';
import type { OrdersRepository } from './orders.repository.js';

export function createOrdersService(repository: OrdersRepository) {
  return {
    async list(tenantId: string, signedInCustomerId: string, customerId: string): Promise<OrderSummary[]> {
      assertOwnCustomer(signedInCustomerId, customerId);
      const rows = await repository.listForCustomer(tenantId, customerId);
      return rows.map((row) => ({ ...row, placedAt: row.placedAt.toISOString(), offeringName: row.offeringName ?? null }));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
