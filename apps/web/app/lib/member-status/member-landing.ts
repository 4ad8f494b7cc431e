import { useQueryClient } from '@tanstack/react-query';
import { getAllocationStatus, memberHome, ACCOUNT_PATH } from '@winery/domain';
import { getAllocationQueryOptions, getAllocationsQueryOptions } from './member-status.api';
import { customerIdFromToken } from '../session/session';

/**
 * Where a member starts after signing in: their open offering's letter (or selection page), the order
 * summary, Offering Closed, or the account (seed §4). When the allocation cannot be read just now,
 * the account: it always works and shows the allocation's state itself.
 */
export function useMemberLanding() {
  const queryClient = useQueryClient();
  return async (token: string): Promise<string> => {
    const customerId = customerIdFromToken(token);
    if (!customerId) return ACCOUNT_PATH;
    try {
      const list = await queryClient.fetchQuery(getAllocationsQueryOptions(customerId, token));
      const current = list[0];
      if (!current) return ACCOUNT_PATH;
      const detail = await queryClient.fetchQuery(getAllocationQueryOptions(customerId, token, current.id));
      return memberHome(getAllocationStatus(detail), detail.metaData);
    } catch {
      return ACCOUNT_PATH;
    }
  };
}
