import type { QueryClient } from '@tanstack/react-query';
import { SESSION_TTL_MS, type LoginInput } from '@winery/domain';
import { apiClient } from '../api-client';
import { analytics } from '../analytics/analytics';
import { getStore } from './browser-store';
import { clearStoredSession, readStoredSession, writeStoredSession } from './storage';
import { tokenClaims } from './token-claims';

/** Query keys of everything that belongs to the signed-in member. */
export const sessionQueryKeys = {
  token: ['token'] as const,
  cart: ['cart'] as const,
  customer: ['customer'] as const,
  allocation: ['allocation'] as const,
  addresses: ['addresses'] as const,
  cards: ['cards'] as const,
  orders: ['orders'] as const,
};

function removeMemberQueries(queryClient: QueryClient, { includeToken }: { includeToken: boolean }): void {
  if (includeToken) queryClient.removeQueries({ queryKey: sessionQueryKeys.token });
  for (const key of ['cart', 'customer', 'allocation', 'addresses', 'cards', 'orders'] as const) {
    queryClient.removeQueries({ queryKey: sessionQueryKeys[key] });
  }
}

/**
 * Reads the stored token, checking its expiry (seed §4): an expired one clears token, expiry,
 * cartId and the member's cached data. Runs inside the ['token'] query, so that query's own
 * answer (null) replaces its cached value.
 */
export function readToken(queryClient: QueryClient): string | null {
  const { token, expired } = readStoredSession(getStore());
  if (expired) removeMemberQueries(queryClient, { includeToken: false });
  return token;
}

/** Ends a session the server no longer accepts (a 401 with a token), like an expired one. */
export function expireSession(queryClient: QueryClient): void {
  clearStoredSession(getStore());
  removeMemberQueries(queryClient, { includeToken: true });
}

export const customerIdFromToken = (token: string | null | undefined): string | null =>
  tokenClaims(token)?.sub ?? null;

/**
 * Stores a session token the API handed over, with its 90-day expiry, and tells analytics who the
 * member is; returns the token. A link opened in a browser where someone else was signed in drops
 * that member's cart id too. The login page's island (island/pages/login.tsx), which has no query
 * cache, starts a session with this alone.
 */
export function storeSession(token: unknown): string {
  if (typeof token !== 'string' || token.length === 0) throw new Error('No token');
  const store = getStore();
  const previous = customerIdFromToken(readStoredSession(store).token);
  if (previous && previous !== customerIdFromToken(token)) clearStoredSession(store);
  writeStoredSession(store, token, SESSION_TTL_MS);
  const customerId = customerIdFromToken(token);
  if (customerId) analytics.identify(customerId);
  return token;
}

/**
 * Starts a member's session from a token the API handed over (password sign-in, an e-mailed link,
 * a new password): stores it (storeSession) and refreshes the ['token'] query. Cached member data
 * is keyed by customer id, so another member's never shows.
 */
export async function startSession(queryClient: QueryClient, token: unknown): Promise<string> {
  const stored = storeSession(token);
  queryClient.setQueryData(sessionQueryKeys.token, stored);
  await queryClient.invalidateQueries({ queryKey: sessionQueryKeys.token });
  return stored;
}

/** `POST /v1/customer/login`: the session token for an e-mail address and password. */
export async function requestSessionToken(input: LoginInput): Promise<unknown> {
  const answer = await apiClient.post<{ token?: unknown } | undefined>('/v1/customer/login', input, {
    query: { skipErrorReporting: 'true' },
  });
  return answer?.token;
}

/** Signs in; stores the token with its 90-day expiry and refreshes the ['token'] query. */
export async function login(queryClient: QueryClient, input: LoginInput): Promise<string> {
  return startSession(queryClient, await requestSessionToken(input));
}

/**
 * Signs out: tells the server (best effort: the member is signed out here whatever it answers),
 * forgets the token, expiry and cart, empties every cache and resets the analytics identity.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  const store = getStore();
  const { token } = readStoredSession(store);
  if (token) {
    try {
      await apiClient.post('/v1/customer/logout', undefined, { token });
    } catch {
      // Ignored on purpose: the token is dropped below either way.
    }
  }
  clearStoredSession(store);
  queryClient.clear();
  analytics.reset();
}
