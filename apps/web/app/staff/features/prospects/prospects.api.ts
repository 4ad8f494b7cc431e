import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../../session/staff-api';

export type ProspectKind = 'allocation' | 'founders-list';
export type ProspectTab = 'waiting' | 'approved' | 'declined';

export interface ProspectRequest {
  id: string;
  kind: ProspectKind;
  status: string;
  /** 1-based place among the waiting requests; null once decided. */
  position?: number | null;
  prefix: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string | null;
  address: { city: string; stateCode: string | null; countryCode: string };
  idealAllocation: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export const PROSPECTS_PATH = '/allocation-requests';

/** Approve (the prospect becomes a member and gets a create-password link) or decline. */
export function useDecideProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      staffApi.post(`${PROSPECTS_PATH}/${encodeURIComponent(id)}/${decision}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'list', PROSPECTS_PATH] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'dashboard'] });
    },
  });
}
