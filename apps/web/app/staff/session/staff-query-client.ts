import { QueryClient } from '@tanstack/react-query';
import { isClientError } from '../../lib/api-error';

/**
 * The console's own cache, apart from the members': the site's session guard watches the
 * members' cache and would treat a staff 401 as the end of a member's session. Lists are fresh
 * for a few seconds only: several people work in the console at once.
 */
export const staffQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      retry: (failures, error) => !isClientError(error) && failures < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
