import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MemberOrderListSchema, MemberOrderSchema } from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';

const ordersPath = (customerId: string | null) => `${customerPath(customerId)}/order`;

export function getOrdersQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: [...sessionQueryKeys.orders, customerId],
    queryFn: ({ signal }) => apiClient.get(ordersPath(customerId), { token, schema: MemberOrderListSchema, signal }),
    enabled: Boolean(customerId && token),
  });
}

/** The member's past orders, newest first. */
export function useOrders() {
  const { customerId, token } = useSession();
  return useQuery(getOrdersQueryOptions(customerId, token));
}

/** The member's page of one order. */
export const orderPath = (orderId: string) => `/profile/orders/${encodeURIComponent(orderId)}`;

/** Kept apart from the checkout's copy of a placed order, which is read with fewer fields. */
export const memberOrderQueryKey = (customerId: string | null, orderId: string | null | undefined) =>
  [...sessionQueryKeys.orders, customerId, 'order', orderId ?? null] as const;

/** Whether a path's order id can name an order at all; anything else is not found without asking. */
export const isOrderId = (value: string | null | undefined): value is string => z.uuid().safeParse(value).success;

export function getMemberOrderQueryOptions(customerId: string | null, token: string | null, orderId: string | null | undefined) {
  return queryOptions({
    queryKey: memberOrderQueryKey(customerId, orderId),
    queryFn: ({ signal }) =>
      apiClient.get(`${ordersPath(customerId)}/${encodeURIComponent(orderId ?? '')}`, { token, schema: MemberOrderSchema, signal }),
    enabled: Boolean(customerId && token && isOrderId(orderId)),
  });
}

/**
 * `GET …/order/{orderId}`: one of the member's orders as placed — lines, totals, delivery, card,
 * gift message, the orders it is linked to — and where it is now. Another member's is not found.
 */
export function useMemberOrder(orderId: string | null | undefined) {
  const { customerId, token } = useSession();
  return useQuery(getMemberOrderQueryOptions(customerId, token, orderId));
}
