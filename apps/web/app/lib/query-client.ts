import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_RETRY_DELAY_CAP_MS, QUERY_STALE_TIME_MS } from '@winery/domain';
import { isClientError } from './api-error';

const MAX_RETRIES = 3;

/** Exponential back-off, capped (seed §9). */
export const retryDelay = (attempt: number): number =>
  Math.min(1000 * 2 ** attempt, QUERY_RETRY_DELAY_CAP_MS);

/** A 4xx will not change by asking again; network and server failures may. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !isClientError(error) && failureCount < MAX_RETRIES;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

/** The browser's one cache; prerendering never fetches, so sharing it at build time is harmless. */
export const queryClient = createQueryClient();
