import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RateTablesView } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export function useRates() {
  return useQuery({
    queryKey: ['staff', 'rates'],
    queryFn: ({ signal }) => staffApi.get<RateTablesView>('/rates', undefined, signal),
  });
}

/** The four tables are replaced together (PUT), all or nothing. */
export function useSaveRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => staffApi.put<RateTablesView>('/rates', body),
    onSuccess: (rates) => {
      if (rates && typeof rates === 'object') queryClient.setQueryData(['staff', 'rates'], rates);
    },
  });
}
