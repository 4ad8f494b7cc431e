import {
  computeTotals,
  renderValidationMessage,
  shippingDestinations,
  type ShippingDestinations,
  type DeliveryInput,
  type Destination,
  type OrderTotals,
  type RateTables,
} from '@winery/domain';
import { ApiError, fieldError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AddressRow, LocationRow, PricingRepository } from './pricing.repository.js';

/** A delivery choice checked against the member's addresses and the producer's locations. */
export type ResolvedDelivery =
  | {
      method: 'shipping';
      address: AddressRow;
      destination: Destination;
      /** Where the bottles are taken from; null when the producer has no shipping location (nothing can be shipped). */
      stockLocationId: string | null;
    }
  | { method: 'pickup'; location: LocationRow; taxDestination: Destination; stockLocationId: string };

/** What a delivery choice is checked against: the address or pick-up location it names, and where shipped orders leave from. */
export interface DeliveryRows {
  address?: AddressRow | undefined;
  shipsFrom?: LocationRow | undefined;
  location?: LocationRow | undefined;
}

/**
 * Shipping: the address must be the member's ('Please select an address', also when it is
 * someone else's, so ids cannot be probed) and in the country chosen in the step before (seed §5).
 * Pick-up: one of the producer's pick-up locations. Order placement reads the rows with everything
 * else it needs (ADR 026); the quote reads them here.
 */
export function checkDelivery(customerId: string, delivery: DeliveryInput, rows: DeliveryRows): ResolvedDelivery {
  if (delivery.method === 'shipping') {
    const { address } = rows;
    if (!address || address.customerId !== customerId) {
      throw fieldError('delivery.shippingAddressId', 'selectAddress', renderValidationMessage('selectAddress'));
    }
    if (address.countryCode.toUpperCase() !== delivery.countryCode.trim().toUpperCase()) {
      throw fieldError('delivery.shippingAddressId', 'addressCountryMismatch', renderValidationMessage('addressCountryMismatch'));
    }
    return {
      method: 'shipping',
      address,
      destination: { countryCode: address.countryCode, stateCode: address.stateCode },
      stockLocationId: rows.shipsFrom?.id ?? null,
    };
  }
  const { location } = rows;
  if (!location || !location.pickup) {
    throw fieldError('delivery.locationId', 'selectPickupLocation', renderValidationMessage('selectPickupLocation'));
  }
  return {
    method: 'pickup',
    location,
    // Wine collected in person is taxed where it is handed over.
    taxDestination: { countryCode: location.countryCode, stateCode: location.stateCode },
    stockLocationId: location.id,
  };
}

export function createPricingService(repository: PricingRepository) {
  return {
    /** The delivery choice checked against the member's addresses and the producer's locations (checkDelivery). */
    async resolveDelivery(tenantId: string, customerId: string, delivery: DeliveryInput): Promise<ResolvedDelivery> {
      if (delivery.method === 'shipping') {
        const address = await repository.findAddress(tenantId, delivery.shippingAddressId);
        // The ships-from location is read only for an address that passes.
        const owned = address && address.customerId === customerId && address.countryCode.toUpperCase() === delivery.countryCode.trim().toUpperCase();
        return checkDelivery(customerId, delivery, { address, shipsFrom: owned ? await repository.shipsFromLocation(tenantId) : undefined });
      }
      return checkDelivery(customerId, delivery, { location: await repository.findLocation(tenantId, delivery.locationId) });
    },

    /** Read before an order's transaction starts, so the transaction itself stays short. */
    async rateTables(tenantId: string, delivery: ResolvedDelivery): Promise<RateTables> {
      const country = delivery.method === 'shipping' ? delivery.destination.countryCode : delivery.taxDestination.countryCode;
      return repository.rateTables(tenantId, country);
    },

    /** Where the winery ships (every country's rows read at once): checkout offers only these. */
    async destinations(tenantId: string): Promise<ShippingDestinations> {
      return shippingDestinations(await repository.rateTables(tenantId));
    },

    /** The destination country's shipping notice (seed §9); none at pick-up. */
    async notice(tenantId: string, delivery: ResolvedDelivery): Promise<string | null> {
      return delivery.method === 'shipping' ? repository.shippingNotice(tenantId, delivery.destination.countryCode) : null;
    },

    /** The domain's computeTotals; a destination that cannot be served is a 400 that says why. */
    totals(delivery: ResolvedDelivery, tables: RateTables, subtotalCents: number, bottles: number): OrderTotals {
      const result = computeTotals({
        subtotalCents,
        bottles,
        delivery:
          delivery.method === 'shipping'
            ? { method: 'shipping', destination: delivery.destination }
            : { method: 'pickup', locationId: delivery.location.id, taxDestination: delivery.taxDestination },
        tables,
      });
      if (result.ok) return result.totals;
      if (result.code === 'tooLarge') {
        throw new ApiError('validationError', API_MESSAGES.orderTooLarge(result.maxCents));
      }
      if (result.code === 'cannotShip') {
        throw fieldError('delivery.shippingAddressId', 'cannotShip', API_MESSAGES.cannotShip(result.destination));
      }
      // No rate for the destination: better to refuse than to charge a wrong amount.
      throw delivery.method === 'shipping'
        ? fieldError('delivery.shippingAddressId', 'noRate', API_MESSAGES.noShippingRate)
        : fieldError('delivery.locationId', 'noRate', API_MESSAGES.noPickupRate);
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
