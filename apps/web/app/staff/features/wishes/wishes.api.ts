import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffWish, WishBulkGrantResult, WishGrantRule } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export type { StaffWish, WishBulkGrantResult, WishGrantRule };

export const wishesPath = (offeringId: string) => `/offerings/${encodeURIComponent(offeringId)}/wishes`;

function useAfterDecision(offeringId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['staff', 'list', wishesPath(offeringId)] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'dashboard'] });
  };
}

/** Grant a wish (all, or `quantity` of it) or decline it; the member is e-mailed either way. */
export function useDecideWish(offeringId: string) {
  const after = useAfterDecision(offeringId);
  return useMutation({
    mutationFn: ({ wishId, decision, quantity }: { wishId: string; decision: 'grant' | 'decline'; quantity?: number }) =>
      staffApi.post<StaffWish>(`/wishes/${encodeURIComponent(wishId)}/${decision}`, decision === 'grant' ? { quantity } : undefined),
    onSuccess: after,
  });
}

/** The leftover stock granted to every waiting wish by a rule: a preview (dry run), then for real. */
export function useBulkGrant(offeringId: string) {
  const after = useAfterDecision(offeringId);
  return useMutation({
    mutationFn: ({ rule, dryRun }: { rule: WishGrantRule; dryRun: boolean }) =>
      staffApi.post<WishBulkGrantResult>(`${wishesPath(offeringId)}/bulk-grant`, { rule, dryRun }),
    onSuccess: (result) => {
      if (!result.dryRun) after();
    },
  });
}

/** The most a wish may be granted: what was asked, and never more than is left of the wine. */
export const grantCap = (wish: Pick<StaffWish, 'quantity' | 'left'>): number => Math.max(0, Math.min(wish.quantity, wish.left));
