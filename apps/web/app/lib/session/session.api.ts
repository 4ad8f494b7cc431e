import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@winery/domain';
import { customerIdFromToken, login, logout, readToken, sessionQueryKeys, startSession } from './session';

export function getTokenQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: sessionQueryKeys.token,
    queryFn: () => readToken(queryClient),
    // Reading storage is instant and local; re-read whenever asked so other tabs' changes show.
    staleTime: 0,
    retry: false,
  });
}

/** The member's token: `undefined` while unknown (prerendered HTML, first paint), then string or null. */
export function useToken() {
  const queryClient = useQueryClient();
  return useQuery(getTokenQueryOptions(queryClient));
}

export interface Session {
  /** False until the browser has read its storage; nothing member-specific is shown before. */
  known: boolean;
  token: string | null;
  customerId: string | null;
  loggedIn: boolean;
}

export function useSession(): Session {
  const { data, isSuccess } = useToken();
  const token = isSuccess ? data : null;
  const customerId = customerIdFromToken(token);
  return { known: isSuccess, token, customerId, loggedIn: Boolean(token) };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: LoginInput) => login(queryClient, input) });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => logout(queryClient) });
}

/** Starts a session from a token another call handed over (an e-mailed link, a new password). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (token: unknown) => startSession(queryClient, token);
}
