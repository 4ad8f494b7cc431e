import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AddressListSchema,
  AddressSchema,
  type Address,
  type AddressInput,
  type AddressPurpose,
} from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';

const addressesPath = (customerId: string | null) => `${customerPath(customerId)}/address`;
const addressPath = (customerId: string | null, addressId: string) =>
  `${addressesPath(customerId)}/${encodeURIComponent(addressId)}`;

export const addressesQueryKey = (customerId: string | null) => [...sessionQueryKeys.addresses, customerId] as const;

export function getAddressesQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: addressesQueryKey(customerId),
    queryFn: ({ signal }) => apiClient.get(addressesPath(customerId), { token, schema: AddressListSchema, signal }),
    enabled: Boolean(customerId && token),
  });
}

/** The member's saved addresses. */
export function useAddresses() {
  const { customerId, token } = useSession();
  return useQuery(getAddressesQueryOptions(customerId, token));
}

/**
 * Every change may move a default flag to another address (the first address becomes both
 * defaults, choosing one clears the others), so the list is fetched again rather than patched.
 */
function useAddressMutation<TInput, TOutput = unknown>(
  send: (context: { customerId: string | null; token: string | null }, input: TInput) => Promise<TOutput>,
) {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send({ customerId, token }, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey(customerId) }),
  });
}

/** `POST …/address` */
export const useAddAddress = () =>
  useAddressMutation<AddressInput, Address>(({ customerId, token }, input) =>
    apiClient.post<Address>(addressesPath(customerId), input, { token, schema: AddressSchema }),
  );

/** `PUT …/address/{addressId}` */
export const useUpdateAddress = () =>
  useAddressMutation<{ id: string; input: AddressInput }, Address>(({ customerId, token }, { id, input }) =>
    apiClient.put<Address>(addressPath(customerId, id), input, { token, schema: AddressSchema }),
  );

/** `DELETE …/address/{addressId}` */
export const useRemoveAddress = () =>
  useAddressMutation<string>(({ customerId, token }, id) => apiClient.delete(addressPath(customerId, id), { token }));

/** `POST …/address/{addressId}/default`: chooses the address as the default shipping or billing one. */
export const useChooseAddress = () =>
  useAddressMutation<{ id: string; purpose: AddressPurpose }>(({ customerId, token }, { id, purpose }) =>
    apiClient.post<Address>(`${addressPath(customerId, id)}/default`, { purpose }, { token, schema: AddressSchema }),
  );
