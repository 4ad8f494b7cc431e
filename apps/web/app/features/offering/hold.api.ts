import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HoldAnswerSchema, type HoldAnswer, type HoldInput } from '@winery/domain';
import { apiClient } from '../../lib/api-client';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';
import { allocationPath } from './offering.api';

/**
 * The member's hold as the page knows it: the server's answer, when it arrived by this device's
 * clock (so the countdown runs on the server's clock), and where it was asked for — 'shipping'
 * (where shipped bottles come from), a pick-up location's id, or null when only read.
 */
export interface KnownHold {
  answer: HoldAnswer;
  receivedAt: number;
  requested: string | null;
}

/** What a hold request asks for, as `requested` records it. */
export const SHIPPING = 'shipping';

export const holdPath = (customerId: string | null, allocationId: string) => `${allocationPath(customerId, allocationId)}/hold`;

// Under the cart's keys: signing out, or an order placed, clears it with the cart.
export const holdQueryKey = (customerId: string | null, allocationId: string | null) =>
  [...sessionQueryKeys.cart, customerId, 'hold', allocationId] as const;

/** The server's clock minus this device's, from one answer. */
export const serverOffset = (hold: Pick<KnownHold, 'answer' | 'receivedAt'>): number => Date.parse(hold.answer.serverTime) - hold.receivedAt;

export function getHoldQueryOptions(customerId: string | null, token: string | null, allocationId: string) {
  return queryOptions({
    queryKey: holdQueryKey(customerId, allocationId),
    queryFn: async ({ signal, client }): Promise<KnownHold> => {
      const answer = await apiClient.get(holdPath(customerId, allocationId), { token, schema: HoldAnswerSchema, signal });
      const before = client.getQueryData<KnownHold>(holdQueryKey(customerId, allocationId));
      // A read of the same hold keeps what it was asked for.
      const same = before?.answer.hold && answer.hold && before.answer.hold.locationId === answer.hold.locationId;
      return { answer, receivedAt: Date.now(), requested: same ? before.requested : null };
    },
    enabled: Boolean(customerId && token && allocationId),
    // What the selection page's hold answered is the truth until the tab comes back into focus.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** `GET …/allocation/{allocationId}/hold`: the member's live hold, or null. */
export function useHold(allocationId: string) {
  const { customerId, token } = useSession();
  return useQuery(getHoldQueryOptions(customerId, token, allocationId));
}

export function rememberHold(queryClient: QueryClient, customerId: string | null, allocationId: string, answer: HoldAnswer, requested: string) {
  queryClient.setQueryData<KnownHold>(holdQueryKey(customerId, allocationId), { answer, receivedAt: Date.now(), requested });
}

/**
 * `PUT …/allocation/{allocationId}/hold`: holds the cart (replacing a live hold, whose expiry it
 * keeps) at a pick-up location, or where shipped bottles come from. A short wine answers 409 with
 * `lines.<wineId>` saying how many are left; nothing changes then.
 */
export function usePutHold(allocationId: string) {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HoldInput) => apiClient.put(holdPath(customerId, allocationId), input, { token, schema: HoldAnswerSchema }),
    onSuccess: (answer, input) => rememberHold(queryClient, customerId, allocationId, answer, input.locationId ?? SHIPPING),
  });
}
