import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tier } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export type { Tier } from '@winery/domain';

export const TIERS_KEY = ['staff', 'tiers'] as const;

/** The winery's tiers, most senior first (the members list and forms pick from them too). */
export function useTiers() {
  return useQuery({
    queryKey: TIERS_KEY,
    queryFn: ({ signal }) => staffApi.get<Tier[]>('/tiers', undefined, signal),
    staleTime: 30_000,
  });
}

export interface TierBody {
  name: string;
  rank: number | string;
}

/** A tier write; the tiers and the member lists (which show tier names) are read again. */
function useTierWrite<V, R>(send: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TIERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/members'] });
    },
  });
}

export const useCreateTier = () => useTierWrite((body: TierBody) => staffApi.post<Tier>('/tiers', body));
export const useUpdateTier = () => useTierWrite(({ id, ...body }: TierBody & { id: string }) => staffApi.put<Tier>(`/tiers/${encodeURIComponent(id)}`, body));
export const useDeleteTier = () => useTierWrite((id: string) => staffApi.delete(`/tiers/${encodeURIComponent(id)}`));
