import { queryOptions, useQuery } from '@tanstack/react-query';
import { OfferingSchema, OrderSchema } from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';

export const allocationPath = (customerId: string | null, allocationId: string) =>
  `${customerPath(customerId)}/allocation/${encodeURIComponent(allocationId)}`;

/** Kept under the allocation's keys: placing an order refreshes both (stock, wishes, status). */
export const offeringQueryKey = (customerId: string | null, allocationId: string | null | undefined) =>
  [...sessionQueryKeys.allocation, customerId, 'offering', allocationId ?? null] as const;

export function getOfferingQueryOptions(customerId: string | null, token: string | null, allocationId: string | null | undefined) {
  return queryOptions({
    queryKey: offeringQueryKey(customerId, allocationId),
    queryFn: ({ signal }) =>
      apiClient.get(`${allocationPath(customerId, allocationId ?? '')}/offering`, { token, schema: OfferingSchema, signal }),
    enabled: Boolean(customerId && token && allocationId),
  });
}

/** `GET …/allocation/{allocationId}/offering`: letter, vintage notes, wines with this member's limits. */
export function useOffering(allocationId: string | null | undefined) {
  const { customerId, token } = useSession();
  return useQuery(getOfferingQueryOptions(customerId, token, allocationId));
}

/**
 * How far the server's clock was ahead of the device's when the offering was read (ms; negative
 * when behind): the closing countdown counts by the server's clock. Reads the cached offering.
 */
export function useServerClockOffset(allocationId: string | null | undefined): number {
  const { customerId, token } = useSession();
  const offering = useQuery(getOfferingQueryOptions(customerId, token, allocationId));
  return offering.data ? Date.parse(offering.data.serverTime) - offering.dataUpdatedAt : 0;
}

export const orderQueryKey = (customerId: string | null, orderId: string | null | undefined) =>
  [...sessionQueryKeys.orders, customerId, 'detail', orderId ?? null] as const;

export function getOrderQueryOptions(customerId: string | null, token: string | null, orderId: string | null | undefined) {
  return queryOptions({
    queryKey: orderQueryKey(customerId, orderId),
    queryFn: ({ signal }) =>
      apiClient.get(`${customerPath(customerId)}/order/${encodeURIComponent(orderId ?? '')}`, { token, schema: OrderSchema, signal }),
    enabled: Boolean(customerId && token && orderId),
  });
}

/** `GET …/order/{orderId}`: one order with its lines, delivery, card and totals (the thank-you page). */
export function useOrder(orderId: string | null | undefined) {
  const { customerId, token } = useSession();
  return useQuery(getOrderQueryOptions(customerId, token, orderId));
}
