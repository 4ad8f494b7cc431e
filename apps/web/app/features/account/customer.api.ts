import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CustomerSchema, type ChangePasswordInput, type ProfileInput } from '@winery/domain';
import { apiClient } from '../../lib/api-client';
import { useSecretMutation } from '../../lib/secret-mutation';
import { useSession } from '../../lib/session/session.api';
import { sessionQueryKeys } from '../../lib/session/session';

const customerPath = (customerId: string | null) => `/v1/customer/${encodeURIComponent(customerId ?? '')}`;

export const customerQueryKey = (customerId: string | null) => [...sessionQueryKeys.customer, customerId] as const;

export function getCustomerQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: customerQueryKey(customerId),
    queryFn: ({ signal }) => apiClient.get(customerPath(customerId), { token, schema: CustomerSchema, signal }),
    // Only a member asks for a member: both the id (from the token) and the token are needed.
    enabled: Boolean(customerId && token),
  });
}

export function useCustomer() {
  const { customerId, token } = useSession();
  return useQuery(getCustomerQueryOptions(customerId, token));
}

/** `PUT /v1/customer/{customerId}`: the answer is the customer as saved, so it replaces the cache. */
export function useUpdateCustomer() {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiClient.put(customerPath(customerId), input, { token, schema: CustomerSchema }),
    onSuccess: (customer) => queryClient.setQueryData(customerQueryKey(customerId), customer),
  });
}

/**
 * `POST /v1/customer/{customerId}/password`: 204, and every other session of the member is signed
 * out while this one stays valid, so nothing cached needs to change.
 */
export function useChangePassword() {
  const { customerId, token } = useSession();
  return useSecretMutation((input: ChangePasswordInput) =>
    apiClient.post<void>(`${customerPath(customerId)}/password`, input, { token }),
  );
}
