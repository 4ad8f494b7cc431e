import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WineImage, WineImageInput } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export interface StaffWine {
  id: string;
  name: string;
  vintage: number;
  sizeMl: number;
  priceCents: number | null;
  description: string;
  tastingNotes?: string;
  /** Its uploaded picture; null: members see the estate's artwork. */
  image?: WineImage | null;
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

/** Uploads a picture (or, without `data`, changes its alt text); the wine is read again with it. */
export function useSaveWineImage(wineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WineImageInput) => staffApi.put<WineImage>(`/wines/${encodeURIComponent(wineId)}/image`, body),
    onSuccess: (image) => {
      queryClient.setQueryData<StaffWine>(['staff', 'wine', wineId], (wine) => (wine ? { ...wine, image } : wine));
    },
  });
}

export function useRemoveWineImage(wineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffApi.delete(`/wines/${encodeURIComponent(wineId)}/image`),
    onSuccess: () => {
      queryClient.setQueryData<StaffWine>(['staff', 'wine', wineId], (wine) => (wine ? { ...wine, image: null } : wine));
    },
  });
}
