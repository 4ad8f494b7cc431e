import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CardListSchema, CardSchema, type Card, type CardInput } from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { useSecretMutation } from '../../lib/secret-mutation';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';

const cardsPath = (customerId: string | null) => `${customerPath(customerId)}/card`;
const cardPath = (customerId: string | null, cardId: string) => `${cardsPath(customerId)}/${encodeURIComponent(cardId)}`;

export const cardsQueryKey = (customerId: string | null) => [...sessionQueryKeys.cards, customerId] as const;

export function getCardsQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: cardsQueryKey(customerId),
    queryFn: ({ signal }) => apiClient.get(cardsPath(customerId), { token, schema: CardListSchema, signal }),
    enabled: Boolean(customerId && token),
  });
}

/** The member's saved cards: brand, last four digits, expiry and holder; never a number. */
export function useCards() {
  const { customerId, token } = useSession();
  return useQuery(getCardsQueryOptions(customerId, token));
}

function useRefreshCards() {
  const { customerId } = useSession();
  const queryClient = useQueryClient();
  // Adding a preferred card or setting one as default clears the flag on the others.
  return () => queryClient.invalidateQueries({ queryKey: cardsQueryKey(customerId) });
}

/**
 * `POST …/card`: the number and security code go to the gateway through the API and nowhere
 * else; not into the mutation cache either (useSecretMutation).
 */
export function useAddCard() {
  const { customerId, token } = useSession();
  const refresh = useRefreshCards();
  return useSecretMutation(
    (input: CardInput) => apiClient.post<Card>(cardsPath(customerId), input, { token, schema: CardSchema }),
    { onSuccess: () => refresh() },
  );
}

/** `DELETE …/card/{cardId}` */
export function useRemoveCard() {
  const { customerId, token } = useSession();
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (cardId: string) => apiClient.delete(cardPath(customerId, cardId), { token }),
    onSuccess: () => refresh(),
  });
}

/** `POST …/card/{cardId}/default`: the card the member prefers to pay with. */
export function useSetDefaultCard() {
  const { customerId, token } = useSession();
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (cardId: string) =>
      apiClient.post<Card>(`${cardPath(customerId, cardId)}/default`, undefined, { token, schema: CardSchema }),
    onSuccess: () => refresh(),
  });
}
