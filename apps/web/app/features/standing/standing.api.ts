import { queryOptions, useQuery } from '@tanstack/react-query';
import { StandingSchema } from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';

/**
 * Under the allocation's key: placing an order and sending or changing a wish invalidate that key,
 * so the standing is read again after either, and signing out forgets it with the rest.
 */
export const standingQueryKey = (customerId: string | null) => [...sessionQueryKeys.allocation, customerId, 'standing'] as const;

export function getStandingQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: standingQueryKey(customerId),
    queryFn: ({ signal }) => apiClient.get(`${customerPath(customerId)}/standing`, { token, schema: StandingSchema, signal }),
    enabled: Boolean(customerId && token),
  });
}

/**
 * `GET …/standing`: every offering the member had an allocation in, newest first (offered,
 * ordered, wished, skipped), and the winery's rules of the list.
 */
export function useStanding() {
  const { customerId, token } = useSession();
  return useQuery(getStandingQueryOptions(customerId, token));
}
