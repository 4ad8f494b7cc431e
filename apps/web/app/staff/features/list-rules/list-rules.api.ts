import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListRules, ListRulesInput } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export type { ListRules } from '@winery/domain';

export const LIST_RULES_KEY = ['staff', 'list-rules'] as const;

/** The winery's rules of the list: the Markdown staff wrote and the HTML members read ('' for none). */
export function useListRules() {
  return useQuery({
    queryKey: LIST_RULES_KEY,
    queryFn: ({ signal }) => staffApi.get<ListRules>('/list-rules', undefined, signal),
  });
}

/** Replaces the rules; the answer (rendered by the API) becomes what the page reads. */
export function useSaveListRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListRulesInput) => staffApi.put<ListRules>('/list-rules', body),
    onSuccess: (saved) => queryClient.setQueryData(LIST_RULES_KEY, saved),
  });
}
