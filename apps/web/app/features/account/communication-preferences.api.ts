import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CommunicationPreferencesSchema, type CommunicationPreferences } from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';

const communicationPath = (customerId: string | null) => `${customerPath(customerId)}/communication`;

/** Under the customer's key, so signing out forgets it with the rest of the member's data. */
export const communicationQueryKey = (customerId: string | null) => [...sessionQueryKeys.customer, customerId, 'communication'] as const;

export function getCommunicationQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: communicationQueryKey(customerId),
    queryFn: ({ signal }) => apiClient.get(communicationPath(customerId), { token, schema: CommunicationPreferencesSchema, signal }),
    enabled: Boolean(customerId && token),
  });
}

/** `GET …/communication`: which e-mails beyond the transactional ones the member receives. */
export function useCommunicationPreferences() {
  const { customerId, token } = useSession();
  return useQuery(getCommunicationQueryOptions(customerId, token));
}

/** `PUT …/communication`: all three switches; the answer, as saved, replaces the cache. */
export function useUpdateCommunicationPreferences() {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommunicationPreferences) =>
      apiClient.put(communicationPath(customerId), input, { token, schema: CommunicationPreferencesSchema }),
    onSuccess: (saved) => queryClient.setQueryData(communicationQueryKey(customerId), saved),
  });
}
