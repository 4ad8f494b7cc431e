import type { Customer } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { CustomerRow, CustomersRepository } from './customers.repository.js';

/** What a member sees of their own record; activity, timestamps and the hash stay on the server. */
export function toCustomerView(row: CustomerRow): Customer {
  return {
    id: row.id,
    prefix: row.prefix,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    company: row.company,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCustomersService(repository: CustomersRepository) {
  return {
    async getOwnCustomer(tenantId: string, signedInCustomerId: string, customerId: string): Promise<Customer> {
      // Checked before the look-up, so a member cannot learn which other ids exist.
      if (signedInCustomerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherCustomer);
      const row = await repository.findById(tenantId, customerId);
      if (!row) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
      return toCustomerView(row);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
