import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderSchema, QuoteSchema, ShippingDestinationsSchema, type DeliveryInput, type Order, type PlaceOrderInput } from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { useSecretMutation } from '../../lib/secret-mutation';
import { useSession } from '../../lib/session/session.api';
import { cartPath, cartQueryKey } from '../offering/selection/selection.api';

export function getQuoteQueryOptions(
  customerId: string | null,
  token: string | null,
  cartId: string | null,
  delivery: DeliveryInput | null,
) {
  return queryOptions({
    queryKey: [...cartQueryKey(customerId, cartId), 'quote', delivery] as const,
    queryFn: ({ signal }) =>
      apiClient.post(`${cartPath(customerId, cartId)}/quote`, { delivery }, { token, schema: QuoteSchema, signal }),
    enabled: Boolean(customerId && token && cartId && delivery),
    // A quote is a question, not a change: asking again is safe, and rates may have moved.
    staleTime: 0,
  });
}

/** `POST …/cart/{cartId}/quote`: subtotal, shipping, tax and total for one delivery. */
export function useQuote(cartId: string | null, delivery: DeliveryInput | null) {
  const { customerId, token } = useSession();
  return useQuery(getQuoteQueryOptions(customerId, token, cartId, delivery));
}

/**
 * `GET …/destinations`: where the winery ships, read from its rate tables. Not personal, but asked
 * in the member's scope like the rest of checkout; a quote still checks each address.
 */
export function useDestinations() {
  const { customerId, token } = useSession();
  return useQuery({
    queryKey: ['destinations', customerId] as const,
    queryFn: ({ signal }) => apiClient.get(`${customerPath(customerId)}/destinations`, { token, schema: ShippingDestinationsSchema, signal }),
    enabled: Boolean(customerId && token),
  });
}

/**
 * `POST …/order`. A new card's digits travel in this request only, and never enter the mutation
 * cache (useSecretMutation). The idempotency key comes from the caller (usePlaceOrder).
 */
export function useOrderRequest() {
  const { customerId, token } = useSession();
  return useSecretMutation((input: PlaceOrderInput) =>
    apiClient.post<Order>(`${customerPath(customerId)}/order`, input, { token, schema: OrderSchema }),
  );
}
