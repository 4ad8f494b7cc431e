import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UnsubscribeStateSchema, type UnsubscribeState } from '@winery/domain';
import { apiClient } from '../../lib/api-client';
import { isClientError } from '../../lib/api-error';

const unsubscribePath = (token: string) => `/v1/unsubscribe/${encodeURIComponent(token)}`;
const unsubscribeQueryKey = (token: string) => ['unsubscribe', token] as const;

/**
 * `GET /v1/unsubscribe/{token}`: which kind of e-mail the link stops and whether it still goes.
 * No session: the link is the only key, and it opens nothing else.
 */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: unsubscribeQueryKey(token),
    queryFn: ({ signal }) => apiClient.get(unsubscribePath(token), { schema: UnsubscribeStateSchema, signal }),
    // A refused link stays refused; only the network or the server's own trouble is worth a retry.
    retry: (failures, error) => !isClientError(error) && failures < 2,
    staleTime: Infinity,
  });
}

/** `PUT /v1/unsubscribe/{token}`: off (the link's purpose), or on again from the same page. */
export function useSetSubscribed(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => apiClient.put(unsubscribePath(token), { subscribed }, { schema: UnsubscribeStateSchema }),
    onSuccess: (state: UnsubscribeState) => queryClient.setQueryData(unsubscribeQueryKey(token), state),
  });
}
