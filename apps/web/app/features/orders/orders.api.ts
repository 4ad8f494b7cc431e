import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberOrderListSchema } from '@winery/domain';
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
