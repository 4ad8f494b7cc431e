import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CartSchema, type Cart, type CartInput, type WishInput } from '@winery/domain';
import { z } from 'zod';
import { apiClient, customerPath } from '../../../lib/api-client';
import { sessionQueryKeys } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/session.api';
import { allocationPath, offeringQueryKey } from '../offering.api';
import { readCartId, writeCartId } from './cart-storage';

const WishAnswerSchema = z.object({ wineId: z.string(), quantity: z.number().int(), status: z.string() });

/** `POST …/allocation/{allocationId}/wish`: more bottles than the allocation allows, for staff to grant. */
export function useRequestWish(allocationId: string) {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WishInput) =>
      apiClient.post(`${allocationPath(customerId, allocationId)}/wish`, input, { token, schema: WishAnswerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringQueryKey(customerId, allocationId) }),
  });
}

export const cartPath = (customerId: string | null, cartId: string | null) =>
  `${customerPath(customerId)}/cart/${encodeURIComponent(cartId ?? '')}`;

export const cartQueryKey = (customerId: string | null, cartId: string | null) =>
  [...sessionQueryKeys.cart, customerId, cartId] as const;

export function getCartQueryOptions(customerId: string | null, token: string | null, cartId: string | null) {
  return queryOptions({
    queryKey: cartQueryKey(customerId, cartId),
    queryFn: ({ signal }) => apiClient.get(cartPath(customerId, cartId), { token, schema: CartSchema, signal }),
    enabled: Boolean(customerId && token && cartId),
  });
}

/** The stored cart id, read once per page (storage is not reactive; the id changes only here). */
export function useStoredCartId() {
  const [cartId] = useState(() => (typeof window === 'undefined' ? null : readCartId()));
  return cartId;
}

/** `GET …/cart/{cartId}` for the id kept in storage. */
export function useStoredCart() {
  const { customerId, token } = useSession();
  const cartId = useStoredCartId();
  return { cartId, cart: useQuery(getCartQueryOptions(customerId, token, cartId)) };
}

/** `PUT …/cart`: creates or replaces the member's cart; its id is kept in storage under `cartId`. */
export function useSaveCart() {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CartInput) => apiClient.put<Cart>(`${customerPath(customerId)}/cart`, input, { token, schema: CartSchema }),
    onSuccess: (cart) => {
      writeCartId(cart.id);
      queryClient.setQueryData(cartQueryKey(customerId, cart.id), cart);
      // Quotes were for the previous lines.
      void queryClient.invalidateQueries({ queryKey: [...cartQueryKey(customerId, cart.id), 'quote'] });
    },
  });
}
