import { queryOptions, useQuery } from '@tanstack/react-query';
import { CustomerSchema } from '@winery/domain';
import { apiClient } from '../../lib/api-client';
import { useSession } from '../session/session.api';
import { sessionQueryKeys } from '../session/session';

export function getCustomerQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: [...sessionQueryKeys.customer, customerId],
    queryFn: ({ signal }) =>
      apiClient.get(`/v1/customer/${encodeURIComponent(customerId ?? '')}`, {
        token,
        schema: CustomerSchema,
        signal,
      }),
    // Only a member asks for a member: both the id (from the token) and the token are needed.
    enabled: Boolean(customerId && token),
  });
}

export function useCustomer() {
  const { customerId, token } = useSession();
  return useQuery(getCustomerQueryOptions(customerId, token));
}
