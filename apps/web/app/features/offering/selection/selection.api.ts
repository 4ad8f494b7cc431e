import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CartSchema, type Cart, type CartInput, type SelectionLine, type WishInput } from '@winery/domain';
import { z } from 'zod';
import { apiClient, customerPath } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { sessionQueryKeys } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/session.api';
import { TENANT } from '../../../lib/tenant';
import { allocationPath, offeringQueryKey } from '../offering.api';
import { clearCartId, readCartId, writeCartId } from './cart-storage';

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

/** A saved cart, kept where both the checkout (by id) and the selection page (by allocation) read it. */
export function rememberCart(queryClient: QueryClient, customerId: string | null, cart: Cart): void {
  writeCartId(cart.id);
  queryClient.setQueryData(cartQueryKey(customerId, cart.id), cart);
  queryClient.setQueryData(allocationCartQueryKey(customerId, cart.allocationId), cart);
  // Quotes were for the previous lines.
  void queryClient.invalidateQueries({ queryKey: [...cartQueryKey(customerId, cart.id), 'quote'] });
}

/** `PUT …/cart`: creates or replaces the member's cart with every rule checked (going on to pay); its id is kept under `cartId`. */
export function useSaveCart() {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CartInput) => apiClient.put<Cart>(`${customerPath(customerId)}/cart`, input, { token, schema: CartSchema }),
    onSuccess: (cart) => rememberCart(queryClient, customerId, cart),
  });
}

export const allocationCartQueryKey = (customerId: string | null, allocationId: string | null) =>
  [...sessionQueryKeys.cart, customerId, 'allocation', allocationId] as const;

/** Draft saves under way, by allocation: reading the cart waits for them, so it never answers an older choice. */
const savesUnderWay = new Map<string, Promise<unknown>>();

/**
 * `GET …/allocation/{allocationId}/cart`: the member's choice in this offering, from whichever tab
 * or device made it; null when there is none (or an order has been placed from it). Read again on
 * every visit and when the tab comes back into focus, since another one may have changed it.
 */
export function getAllocationCartQueryOptions(customerId: string | null, token: string | null, allocationId: string | null) {
  return queryOptions({
    queryKey: allocationCartQueryKey(customerId, allocationId),
    queryFn: async ({ signal }): Promise<Cart | null> => {
      await savesUnderWay.get(allocationId ?? '')?.catch(() => undefined);
      try {
        // No cart yet is an ordinary answer (204), not a failed request.
        const cart = await apiClient.get(`${allocationPath(customerId, allocationId ?? '')}/cart`, { token, schema: CartSchema.optional(), signal });
        if (!cart) {
          clearCartId();
          return null;
        }
        writeCartId(cart.id);
        return cart;
      } catch (error) {
        // The allocation itself is gone (reported, as any API failure): the page opens with no choice.
        if (isApiError(error) && error.status === 404) {
          clearCartId();
          return null;
        }
        throw error;
      }
    },
    enabled: Boolean(customerId && token && allocationId),
    staleTime: 0,
    refetchOnWindowFocus: true,
    // The page waits for this read; if it fails, it opens with what it has rather than after retries.
    retry: false,
  });
}

/**
 * The member's choice in this offering. `readOnMount: false` is for a part of the page that mounts
 * once the page has read it on its own mount: it follows that read (and the reads on focus) rather
 * than asking the server the same thing a second time.
 */
export function useAllocationCart(allocationId: string, { readOnMount = true }: { readOnMount?: boolean } = {}) {
  const { customerId, token } = useSession();
  return useQuery({ ...getAllocationCartQueryOptions(customerId, token, allocationId), refetchOnMount: readOnMount });
}

/**
 * `PUT …/cart` with `draft: true`: the choice as it stands, saved while the member makes it. With
 * `keepalive` (the page is being left or hidden) the request outlives the page.
 */
export function useSaveDraft(allocationId: string) {
  const { customerId, token } = useSession();
  const queryClient = useQueryClient();
  return async (lines: SelectionLine[], { keepalive }: { keepalive: boolean }): Promise<Cart | null> => {
    const input: CartInput = { allocationId, lines, draft: true };
    // A read already on its way may answer an older choice than this one: it is not kept.
    void queryClient.cancelQueries({ queryKey: allocationCartQueryKey(customerId, allocationId) });
    const request = keepalive
      ? sendKeepalive(`${customerPath(customerId)}/cart`, input, token)
      : apiClient.put<Cart>(`${customerPath(customerId)}/cart`, input, { token, schema: CartSchema });
    savesUnderWay.set(allocationId, request);
    try {
      const cart = await request;
      if (cart) rememberCart(queryClient, customerId, cart);
      return cart;
    } finally {
      if (savesUnderWay.get(allocationId) === request) savesUnderWay.delete(allocationId);
    }
  };
}

/**
 * The same PUT as the API client's, sent with `keepalive` so it is delivered after the tab closes;
 * its answer is read only if the page is still there. The client itself has no such option.
 */
async function sendKeepalive(path: string, body: CartInput, token: string | null): Promise<Cart | null> {
  const response = await fetch(path, {
    method: 'PUT',
    keepalive: true,
    headers: { tenant: TENANT, 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) return null;
  const parsed = CartSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}
