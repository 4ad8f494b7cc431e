import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffRole, StaffUser } from '@winery/domain';
import { staffApi, staffRequest } from './staff-api';
import { staffQueryClient } from './staff-query-client';
import { clearStaffToken, useStaffToken, writeStaffToken } from './staff-session';

export function useStaffMe() {
  const token = useStaffToken();
  return useQuery({
    queryKey: ['staff', 'me', token],
    queryFn: ({ signal }) => staffApi.get<StaffUser>('/me', undefined, signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export interface StaffRoleInfo {
  role: StaffRole | null;
  /** Managers and admins write; a viewer reads every page and changes nothing. */
  canWrite: boolean;
  isAdmin: boolean;
}

export function useStaffRole(): StaffRoleInfo {
  const role = useStaffMe().data?.role ?? null;
  return { role, canWrite: role === 'admin' || role === 'manager', isAdmin: role === 'admin' };
}

/** The winery's zone when the API does not say (the demo producer's). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

export interface StaffTenant {
  id?: string;
  name?: string;
  timeZone: string;
}

/** The winery the console works for; its time zone formats every date (until the API has it, LA's). */
export function useStaffTenant(): StaffTenant {
  const token = useStaffToken();
  const query = useQuery({
    queryKey: ['staff', 'tenant'],
    queryFn: ({ signal }) => staffApi.get<StaffTenant>('/tenant', undefined, signal),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  });
  return { ...query.data, timeZone: query.data?.timeZone || DEFAULT_TIME_ZONE };
}

export const useTimeZone = (): string => useStaffTenant().timeZone;

export function useStaffSignIn() {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      staffRequest<{ token: string }>('/login', { method: 'POST', body: input, anonymous: true }),
    onSuccess: ({ token }) => {
      staffQueryClient.clear();
      writeStaffToken(token);
    },
  });
}

/** Revokes the session at the API, then forgets the token whatever the API said. */
export function useStaffSignOut() {
  return useMutation({
    mutationFn: async () => {
      try {
        await staffApi.post('/logout');
      } finally {
        clearStaffToken();
        staffQueryClient.clear();
      }
    },
  });
}
