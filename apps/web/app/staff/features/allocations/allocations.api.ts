import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AllocationImportResult,
  InvitationState,
  StaffAllocation,
  StaffMemberListItem,
  Tier,
} from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export type { StaffAllocation, StaffMemberListItem, Tier, InvitationState, AllocationImportResult };

export const offeringPath = (offeringId: string) => `/offerings/${encodeURIComponent(offeringId)}`;
export const allocationsPath = (offeringId: string) => `${offeringPath(offeringId)}/allocations`;

export interface AllocationFilter {
  q: string;
  tierId: string;
  state: string;
}

export interface LineInput {
  wineId: string;
  minimum: number;
  maximum: number;
}

/** The grid's lists and the dashboard read again after a write. */
function useInvalidateAllocations(offeringId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['staff', 'list', allocationsPath(offeringId)] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/members'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'dashboard'] });
  };
}

/**
 * One member's limits (PUT, a batch of one): the lines sent become exactly their limits. The
 * answer is the member's row as saved; the list is not read again, so the other rows keep what
 * staff are typing.
 */
export function useSaveAllocation(offeringId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, lines }: { customerId: string; lines: LineInput[] }) =>
      staffApi.put<StaffAllocation[]>(allocationsPath(offeringId), [{ customerId, lines }]),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'dashboard'] }),
  });
}

/** Members added from the picker, each with the offering's default limits. */
export function useAddMembers(offeringId: string) {
  const invalidate = useInvalidateAllocations(offeringId);
  return useMutation({
    mutationFn: ({ customerIds, lines }: { customerIds: string[]; lines: LineInput[] }) =>
      staffApi.put<StaffAllocation[]>(
        allocationsPath(offeringId),
        customerIds.map((customerId) => ({ customerId, lines })),
      ),
    onSuccess: invalidate,
  });
}

export function useRemoveAllocation(offeringId: string) {
  const invalidate = useInvalidateAllocations(offeringId);
  return useMutation({
    mutationFn: (allocationId: string) => staffApi.delete(`${allocationsPath(offeringId)}/${encodeURIComponent(allocationId)}`),
    onSuccess: invalidate,
  });
}

export function useBulkSet(offeringId: string) {
  const invalidate = useInvalidateAllocations(offeringId);
  return useMutation({
    mutationFn: (body: { filter: { q?: string; tierId?: string; onlyAllocated: boolean }; lines: LineInput[] }) =>
      staffApi.post<{ matched: number; updated: number }>(`${allocationsPath(offeringId)}/bulk`, body),
    onSuccess: invalidate,
  });
}

/** The CSV file through the import: a dry run answers what would be written, a real one writes all or nothing. */
export function useImportCsv(offeringId: string) {
  const invalidate = useInvalidateAllocations(offeringId);
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      staffApi.post<AllocationImportResult>(`${allocationsPath(offeringId)}/import`, csv, {
        contentType: 'text/csv',
        query: { dryRun: String(dryRun) },
      }),
    onSuccess: (result) => {
      if (!result.dryRun) invalidate();
    },
  });
}
