import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../../session/staff-api';

export interface StaffWine {
  id: string;
  name: string;
  vintage: number;
  sizeMl: number;
  priceCents: number | null;
  description: string;
  tastingNotes?: string;
  createdAt: string;
  updatedAt?: string;
}

export interface WineBody {
  name: string;
  vintage: number | string;
  sizeMl: number | string;
  priceCents: number | null;
  description: string;
  tastingNotes: string;
}

export function useWine(wineId: string | undefined) {
  return useQuery({
    queryKey: ['staff', 'wine', wineId],
    queryFn: ({ signal }) => staffApi.get<StaffWine>(`/wines/${encodeURIComponent(wineId ?? '')}`, undefined, signal),
    enabled: Boolean(wineId),
  });
}

/** Creates a wine, or saves one (PUT) when it has an id; the lists are read again after. */
export function useSaveWine(wineId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WineBody) =>
      wineId ? staffApi.put<StaffWine>(`/wines/${encodeURIComponent(wineId)}`, body) : staffApi.post<StaffWine>('/wines', body),
    onSuccess: (wine) => {
      queryClient.setQueryData(['staff', 'wine', wine.id], wine);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/wines'] });
    },
  });
}
