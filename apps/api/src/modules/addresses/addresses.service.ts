import { ADDRESS_PURPOSES, type Address, type AddressInput, type AddressPurpose } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AddressesRepository, AddressQueries, AddressRow, AddressValues } from './addresses.repository.js';

/** Enough for homes, offices and gift recipients; a limit keeps one account from filling the table. */
export const MAX_ADDRESSES_PER_MEMBER = 20;

export function toAddressView(row: AddressRow): Address {
  return {
    id: row.id,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    stateCode: row.stateCode,
    zipCode: row.zipCode,
    countryCode: row.countryCode,
    recipientName: row.recipientName,
    phone: row.phone,
    isDefaultShipping: row.isDefaultShipping,
    isDefaultBilling: row.isDefaultBilling,
    createdAt: row.createdAt.toISOString(),
  };
}

const toValues = (input: AddressInput): AddressValues => ({
  address1: input.address1,
  address2: input.address2 ?? null,
  city: input.city,
  stateCode: input.stateCode ?? null,
  // Postal codes are written in capitals where they have letters ("K1A 0B1", "SW1A 1AA").
  zipCode: input.zipCode.toUpperCase(),
  countryCode: input.countryCode,
  recipientName: input.recipientName ?? null,
  // Already in its international form (AddressInputSchema).
  phone: input.phone ?? null,
  isDefaultShipping: input.isDefaultShipping,
  isDefaultBilling: input.isDefaultBilling,
});

const isDefault = (values: Pick<AddressValues, 'isDefaultShipping' | 'isDefaultBilling'>, purpose: AddressPurpose) =>
  purpose === 'shipping' ? values.isDefaultShipping : values.isDefaultBilling;

export function createAddressesService(repository: AddressesRepository, now: () => Date) {
  /** Locks the member, then finds the address: missing → 404, someone else's → 403. */
  async function ownAddress(q: AddressQueries, tenantId: string, customerId: string, addressId: string) {
    if (!(await q.lockCustomer(tenantId, customerId))) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
    const row = await q.findById(tenantId, addressId);
    if (!row) throw new ApiError('notFound', API_MESSAGES.addressNotFound);
    if (row.customerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherMemberAddress);
    return row;
  }

  /** Clears the other addresses' flags for every purpose this address is about to hold. */
  async function makeRoomForDefaults(
    q: AddressQueries,
    tenantId: string,
    customerId: string,
    values: AddressValues,
    at: Date,
    exceptId?: string,
  ) {
    for (const purpose of ADDRESS_PURPOSES) {
      if (isDefault(values, purpose)) await q.clearDefault(tenantId, customerId, purpose, at, exceptId);
    }
  }

  return {
    async list(tenantId: string, customerId: string): Promise<Address[]> {
      return (await repository.listForCustomer(tenantId, customerId)).map(toAddressView);
    },

    async create(tenantId: string, customerId: string, input: AddressInput): Promise<Address> {
      const at = now();
      const row = await repository.transaction(async (q) => {
        if (!(await q.lockCustomer(tenantId, customerId))) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
        const saved = await q.countForCustomer(tenantId, customerId);
        if (saved >= MAX_ADDRESSES_PER_MEMBER) {
          throw new ApiError('conflict', API_MESSAGES.tooManyAddresses(MAX_ADDRESSES_PER_MEMBER));
        }
        const values = toValues(input);
        // The first address is where everything goes until the member says otherwise.
        if (saved === 0) Object.assign(values, { isDefaultShipping: true, isDefaultBilling: true });
        await makeRoomForDefaults(q, tenantId, customerId, values, at);
        return q.insert(tenantId, customerId, values, at);
      });
      return toAddressView(row);
    },

    /** Replaces the address, flags included: a flag sent as false takes the default away. */
    async update(
      tenantId: string,
      customerId: string,
      addressId: string,
      input: AddressInput,
    ): Promise<Address> {
      const at = now();
      const row = await repository.transaction(async (q) => {
        await ownAddress(q, tenantId, customerId, addressId);
        const values = toValues(input);
        await makeRoomForDefaults(q, tenantId, customerId, values, at, addressId);
        return q.update(tenantId, addressId, values, at);
      });
      return toAddressView(row);
    },

    /** Removing a default address passes its flag to the newest remaining one, so a default stays. */
    async remove(tenantId: string, customerId: string, addressId: string): Promise<void> {
      const at = now();
      await repository.transaction(async (q) => {
        const row = await ownAddress(q, tenantId, customerId, addressId);
        await q.remove(tenantId, addressId);
        const heir = await q.newest(tenantId, customerId);
        if (!heir) return;
        for (const purpose of ADDRESS_PURPOSES) {
          if (isDefault(row, purpose)) await q.setDefault(tenantId, heir.id, purpose, at);
        }
      });
    },

    /** Makes the address the one default shipping or billing address (seed §4). */
    async choose(
      tenantId: string,
      customerId: string,
      addressId: string,
      purpose: AddressPurpose,
    ): Promise<Address> {
      const at = now();
      const row = await repository.transaction(async (q) => {
        await ownAddress(q, tenantId, customerId, addressId);
        await q.clearDefault(tenantId, customerId, purpose, at, addressId);
        return q.setDefault(tenantId, addressId, purpose, at);
      });
      return toAddressView(row);
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
