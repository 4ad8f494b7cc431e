import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@winery/domain';
import { staffApi, type StaffRequestOptions } from '../session/staff-api';

/** A list endpoint that still answers a plain array is read as one page. */
const asPage = <T>(answer: Page<T> | T[]): Page<T> => (Array.isArray(answer) ? { items: answer, nextCursor: null } : answer);

/**
 * One of the API's paged lists (`?limit=&cursor=` → `{items,nextCursor}`), read page by page:
 * the rows so far, and `loadMore` for the next page ("Load more").
 */
export function usePagedList<T>(path: string, query: StaffRequestOptions['query'] = {}, { limit = 50, enabled = true } = {}) {
  const result = useInfiniteQuery({
    queryKey: ['staff', 'list', path, query, limit],
    queryFn: async ({ pageParam, signal }) =>
      asPage(await staffApi.get<Page<T> | T[]>(path, { ...query, limit, cursor: pageParam }, signal)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
  return {
    items: result.data?.pages.flatMap((page) => page.items) ?? [],
    isLoading: result.isPending && enabled,
    error: result.error,
    hasMore: result.hasNextPage,
    loadingMore: result.isFetchingNextPage,
    loadMore: () => void result.fetchNextPage(),
    refetch: () => void result.refetch(),
  };
}
