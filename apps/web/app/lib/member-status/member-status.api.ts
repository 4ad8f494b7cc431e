import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AllocationDetailSchema,
  AllocationListSchema,
  getAllocationStatus,
  type AllocationDetail,
  type AllocationStatus,
  type AllocationSummary,
} from '@winery/domain';
import { apiClient, customerPath } from '../api-client';
import { sessionQueryKeys } from '../session/session';
import { useSession } from '../session/session.api';

/*
 * The member's allocations and the status they give (seed §4). The header's links, the account's
 * panel, the offering's gate and the landing after sign-in all decide from it, hence shared code.
 */

const allocationsPath = (customerId: string) => `${customerPath(customerId)}/allocation`;

export function getAllocationsQueryOptions(customerId: string | null, token: string | null) {
  return queryOptions({
    queryKey: [...sessionQueryKeys.allocation, customerId, 'list'],
    queryFn: ({ signal }) =>
      apiClient.get(allocationsPath(customerId ?? ''), { token, schema: AllocationListSchema, signal }),
    enabled: Boolean(customerId && token),
  });
}

/** The member's allocations; the first one is the current one. */
export function useAllocations() {
  const { customerId, token } = useSession();
  return useQuery(getAllocationsQueryOptions(customerId, token));
}

export function getAllocationQueryOptions(
  customerId: string | null,
  token: string | null,
  allocationId: string | null | undefined,
) {
  return queryOptions({
    queryKey: [...sessionQueryKeys.allocation, customerId, 'detail', allocationId ?? null],
    queryFn: ({ signal }) =>
      apiClient.get(`${allocationsPath(customerId ?? '')}/${encodeURIComponent(allocationId ?? '')}`, {
        token,
        schema: AllocationDetailSchema,
        signal,
      }),
    enabled: Boolean(customerId && token && allocationId),
  });
}

/** The current allocation's detail (the first item of the list). */
export function useAllocation() {
  const { customerId, token } = useSession();
  const allocations = useAllocations();
  const current: AllocationSummary | undefined = allocations.data?.[0];
  const detail = useQuery(getAllocationQueryOptions(customerId, token, current?.id));
  return { allocations, current, detail };
}

export interface MemberStatusResult {
  /** True while the answer is not known yet (a member whose allocation is still loading). */
  isLoading: boolean;
  isError: boolean;
  status: AllocationStatus | null;
  current: AllocationSummary | null;
  detail: AllocationDetail | null;
  refetch: () => void;
}

/** The member's allocation status (seed §4); account-info when there is no current allocation. */
export function useMemberStatus(): MemberStatusResult {
  const { loggedIn, customerId } = useSession();
  const { allocations, current, detail } = useAllocation();
  const refetch = () => {
    void allocations.refetch();
    if (current) void detail.refetch();
  };
  const base = { current: current ?? null, detail: detail.data ?? null, refetch };
  if (!loggedIn) return { ...base, isLoading: false, isError: false, status: null };
  // A token without a customer id cannot have allocations.
  if (!customerId) return { ...base, isLoading: false, isError: false, status: 'account-info' };
  if (allocations.isError || detail.isError) return { ...base, isLoading: false, isError: true, status: null };
  if (allocations.isPending || (current && detail.isPending)) {
    return { ...base, isLoading: true, isError: false, status: null };
  }
  const status = getAllocationStatus(current ? (detail.data ?? null) : null);
  return { ...base, isLoading: false, isError: false, status };
}
