import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffAccount, StaffRole, StaffUser } from '@winery/domain';
import { staffApi, staffRequest } from '../../session/staff-api';
import { staffQueryClient } from '../../session/staff-query-client';
import { writeStaffToken } from '../../session/staff-session';

export type { StaffAccount } from '@winery/domain';

export interface InviteBody {
  email: string;
  name: string;
  role: StaffRole;
}

/** Each write answers the account as it is now; the list is read again. */
function useAccountWrite<V>(send: (vars: V) => Promise<StaffAccount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/accounts'] }),
  });
}

const at = (id: string) => `/accounts/${encodeURIComponent(id)}`;

export const useInviteColleague = () => useAccountWrite((body: InviteBody) => staffApi.post<StaffAccount>('/accounts', body));
export const useChangeRole = () => useAccountWrite(({ id, role }: { id: string; role: StaffRole }) => staffApi.put<StaffAccount>(at(id), { role }));
export const useDeactivate = () => useAccountWrite((id: string) => staffApi.post<StaffAccount>(`${at(id)}/deactivate`));
export const useReactivate = () => useAccountWrite((id: string) => staffApi.post<StaffAccount>(`${at(id)}/reactivate`));
export const useResendInvitation = () => useAccountWrite((id: string) => staffApi.post<StaffAccount>(`${at(id)}/invitation`));

/** The invited colleague's first password, from the e-mailed link; the answer signs them in. */
export function useCreateStaffPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirmPassword: string }) =>
      staffRequest<{ token: string; staff: StaffUser }>('/create-password', { method: 'POST', body, anonymous: true }),
    onSuccess: ({ token }) => {
      staffQueryClient.clear();
      writeStaffToken(token);
    },
  });
}
