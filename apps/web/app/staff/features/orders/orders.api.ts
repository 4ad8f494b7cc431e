import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FulfilmentTarget, StaffOrder } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export type { StaffOrder, StaffOrderSummary } from '@winery/domain';

/** The list's filters as the URL keeps them (and the API and the CSV export take them). */
export const ORDER_FILTER_KEYS = ['q', 'offeringId', 'status', 'deliveryMethod', 'country', 'state', 'from', 'to'] as const;
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];
export type OrderFilters = Partial<Record<OrderFilterKey, string>>;

export interface StatusChange {
  status: FulfilmentTarget;
  carrier?: string;
  trackingNumber?: string;
}

export const orderKey = (orderId: string | undefined) => ['staff', 'order', orderId] as const;

export function useOrder(orderId: string | undefined) {
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => staffApi.get<StaffOrder>(`/orders/${encodeURIComponent(orderId ?? '')}`, undefined, signal),
    enabled: Boolean(orderId),
  });
}

/** Moves an order on; the answer is the order as it is now (a repeat changes nothing). */
export function useChangeOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => staffApi.post<StaffOrder>(`/orders/${encodeURIComponent(orderId)}/status`, change),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/orders'] });
    },
    // Refused: someone else moved the order meanwhile; read it again so the buttons fit.
    onError: () => void queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
  });
}

export interface OfferingOption {
  id: string;
  name: string;
}

/** Offerings to filter by (drafts included: the API lists them all, latest first). */
export function useOfferingOptions() {
  return useQuery({
    queryKey: ['staff', 'order-offering-options'],
    queryFn: async ({ signal }) => {
      const page = await staffApi.get<{ items: OfferingOption[] }>('/offerings', { limit: 200 }, signal);
      return page.items.map(({ id, name }) => ({ id, name }));
    },
    staleTime: 60_000,
  });
}
