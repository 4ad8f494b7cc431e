import { formatPhone, type CommunicationPreferences, type Customer, type ProfileInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
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

/** The member's e-mail choices as the account page shows them. */
export function toPreferencesView(row: CustomerRow): CommunicationPreferences {
  return { offeringInvitations: row.mailOfferingInvitations, offeringReminders: row.mailOfferingReminders, news: row.mailNews };
}

const emailInUse = () =>
  new ApiError('conflict', API_MESSAGES.emailInUse, [
    { field: 'email', code: 'emailInUse', message: API_MESSAGES.emailInUse },
  ]);

export function createCustomersService(repository: CustomersRepository, now: () => Date = () => new Date()) {
  return {
    async getOwnCustomer(tenantId: string, customerId: string): Promise<Customer> {
      const row = await repository.findById(tenantId, customerId);
      if (!row) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
      return toCustomerView(row);
    },

    async getPreferences(tenantId: string, customerId: string): Promise<CommunicationPreferences> {
      const row = await repository.findById(tenantId, customerId);
      if (!row) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
      return toPreferencesView(row);
    },

    /** Every e-mail that is not transactional asks these first (mail-categories.ts). */
    async updatePreferences(tenantId: string, customerId: string, input: CommunicationPreferences): Promise<CommunicationPreferences> {
      const row = await repository.updateMailPreferences(
        tenantId,
        customerId,
        { mailOfferingInvitations: input.offeringInvitations, mailOfferingReminders: input.offeringReminders, mailNews: input.news },
        now(),
      );
      if (!row) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
      return toPreferencesView(row);
    },

    async updateProfile(
      tenantId: string,
      customerId: string,
      input: ProfileInput,
    ): Promise<Customer> {
      const email = input.email.toLowerCase();
      const holder = await repository.findByEmail(tenantId, email);
      if (holder && holder.id !== customerId) throw emailInUse();
      let row: CustomerRow | undefined;
      try {
        row = await repository.updateProfile(
          tenantId,
          customerId,
          {
            prefix: input.prefix ?? null,
            firstName: input.firstName,
            lastName: input.lastName,
            email,
            // Stored international ("+1 707 555 0100"), so the number carries its country.
            phone: formatPhone(input.phone, input.phoneCountry),
            dateOfBirth: input.dateOfBirth,
            company: input.company ?? null,
          },
          now(),
        );
      } catch (error) {
        // Someone took the address between our look-up and the update.
        if (isUniqueViolation(error, 'customers_tenant_email_unique')) throw emailInUse();
        throw error;
      }
      if (!row) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
      return toCustomerView(row);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
