import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CartSchema,
  OfferingSchema,
  OrderSchema,
  QuoteSchema,
  type Cart,
  type CartInput,
  type DeliveryInput,
  type Order,
  type PlaceOrderInput,
  type WishInput,
} from '@winery/domain';
import { z } from 'zod';
import { apiClient, TENANT } from '../../lib/api-client';
import { useSecretMutation } from '../../lib/secret-mutation';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';
import { readCartId, writeCartId } from './cart-storage';

const customerPath = (customerId: string | null) =>
  `/v1/${encodeURIComponent(TENANT)}/customer/${encodeURIComponent(customerId ?? '')}`;
const allocationPath = (customerId: string | null, allocationId: string) =>
  `${customerPath(customerId)}/allocation/${encodeURIComponent(allocationId)}`;

/* ------------------------------------------------------------------ the offering */

/** Kept under the allocation's keys: placing an order refreshes both (stock, wishes, status). */
export const offeringQueryKey = (customerId: string | null, allocationId: string | null | undefined) =>
  [...sessionQueryKeys.allocation, customerId, 'offering', allocationId ?? null] as const;

export function getOfferingQueryOptions(customerId: string | null, token: string | null, allocationId: string | null | undefined) {
  return queryOptions({
    queryKey: offeringQueryKey(customerId, allocationId),
    queryFn: ({ signal }) =>
      apiClient.get(`${allocationPath(customerId, allocationId ?? '')}/offering`, { token, schema: OfferingSchema, signal }),
    enabled: Boolean(customerId && token && allocationId),
  });
}

/** `GET …/allocation/{allocationId}/offering`: letter, vintage notes, wines with this member's limits. */
export function useOffering(allocationId: string | null | undefined) {
  const { customerId, token } = useSession();
  return useQuery(getOfferingQueryOptions(customerId, token, allocationId));
}

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

/* ------------------------------------------------------------------ the cart */

export const cartQueryKey = (customerId: string | null, cartId: string | null) =>
  [...sessionQueryKeys.cart, customerId, cartId] as const;

export function getCartQueryOptions(customerId: string | null, token: string | null, cartId: string | null) {
  return queryOptions({
    queryKey: cartQueryKey(customerId, cartId),
    queryFn: ({ signal }) =>
      apiClient.get(`${customerPath(customerId)}/cart/${encodeURIComponent(cartId ?? '')}`, { token, schema: CartSchema, signal }),
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

/* ------------------------------------------------------------------ checkout */

export function getQuoteQueryOptions(
  customerId: string | null,
  token: string | null,
  cartId: string | null,
  delivery: DeliveryInput | null,
) {
  return queryOptions({
    queryKey: [...cartQueryKey(customerId, cartId), 'quote', delivery] as const,
    queryFn: ({ signal }) =>
      apiClient.post(`${customerPath(customerId)}/cart/${encodeURIComponent(cartId ?? '')}/quote`, { delivery }, {
        token,
        schema: QuoteSchema,
        signal,
      }),
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
 * `POST …/order`. A new card's digits travel in this request only, and never enter the mutation
 * cache (useSecretMutation). The idempotency key comes from the caller, made once per checkout.
 */
export function usePlaceOrder() {
  const { customerId, token } = useSession();
  return useSecretMutation((input: PlaceOrderInput) =>
    apiClient.post<Order>(`${customerPath(customerId)}/order`, input, { token, schema: OrderSchema }),
  );
}

/* ------------------------------------------------------------------ orders */

export const orderQueryKey = (customerId: string | null, orderId: string | null | undefined) =>
  [...sessionQueryKeys.orders, customerId, 'detail', orderId ?? null] as const;

export function getOrderQueryOptions(customerId: string | null, token: string | null, orderId: string | null | undefined) {
  return queryOptions({
    queryKey: orderQueryKey(customerId, orderId),
    queryFn: ({ signal }) =>
      apiClient.get(`${customerPath(customerId)}/order/${encodeURIComponent(orderId ?? '')}`, { token, schema: OrderSchema, signal }),
    enabled: Boolean(customerId && token && orderId),
  });
}

/** `GET …/order/{orderId}`: one order with its lines, delivery, card and totals. */
export function useOrder(orderId: string | null | undefined) {
  const { customerId, token } = useSession();
  return useQuery(getOrderQueryOptions(customerId, token, orderId));
}
