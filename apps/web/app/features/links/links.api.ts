import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { EmailOnlyInput } from '@winery/domain';
import { apiClient } from '../../lib/api-client';
import { isClientError } from '../../lib/api-error';
import { startSession } from '../../lib/session/session';

/** How long an e-mailed sign-in link works (the API's rule; shown to the member). */
export const SIGN_IN_LINK_MINUTES = 15;

export const magicLinkPath = (requestId: string) => `/magic-link/${encodeURIComponent(requestId)}`;

const LoginLinkRequestSchema = z.object({ requestId: z.string().min(1) });
const LoginLinkStatusSchema = z.object({
  createdAt: z.string(),
  canResendAt: z.string(),
  /** After it the request is too old to resend: the member asks again from the login page. */
  resendableUntil: z.string().optional(),
});
export type LoginLinkStatus = z.infer<typeof LoginLinkStatusSchema>;

/**
 * `POST /v1/customer/login-link`: e-mails a sign-in link; the answer names the request, never the
 * link. A plain call (no query cache): the login page runs without the app too (ADR 023).
 */
export function requestLoginLink(input: EmailOnlyInput): Promise<{ requestId: string }> {
  return apiClient.post('/v1/customer/login-link', input, { schema: LoginLinkRequestSchema });
}

export const loginLinkStatusQueryKey = (requestId: string) => ['login-link', requestId] as const;

export function getLoginLinkStatusQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: loginLinkStatusQueryKey(requestId),
    queryFn: ({ signal }) =>
      apiClient.get(`/v1/customer/login-link/${encodeURIComponent(requestId)}`, { schema: LoginLinkStatusSchema, signal }),
    // An unknown or expired request stays so: asking again will not help.
    retry: (failures, error) => !isClientError(error) && failures < 2,
  });
}

/** `GET /v1/customer/login-link/{requestId}`: when it was sent and when another may be asked for. */
export function useLoginLinkStatus(requestId: string) {
  return useQuery(getLoginLinkStatusQueryOptions(requestId));
}

/** `POST /v1/customer/login-link/{requestId}/resend`: answered with the request's new times. */
export function useResendLoginLink(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post(`/v1/customer/login-link/${encodeURIComponent(requestId)}/resend`, undefined, {
        schema: LoginLinkStatusSchema,
      }),
    onSuccess: (status) => queryClient.setQueryData(loginLinkStatusQueryKey(requestId), status),
    onError: () => queryClient.invalidateQueries({ queryKey: loginLinkStatusQueryKey(requestId) }),
  });
}

export type LinkPurpose = 'login' | 'account' | 'allocation';

const ExchangeAnswerSchema = z.object({
  token: z.string().min(1),
  customerId: z.string().min(1),
  allocationId: z.string().min(1).nullish(),
});
export type LinkExchange = z.infer<typeof ExchangeAnswerSchema>;

/**
 * Exchanges started in this page load, by purpose and token. A link's token works once: React's
 * development double effects, a remount or a second render must never send it twice, so every
 * caller shares the one exchange (and the session it started).
 */
const exchanges = new Map<string, Promise<LinkExchange>>();

/**
 * `POST /v1/customer/link/exchange`: the link's token for a member's session token, stored as a
 * password sign-in stores it.
 */
export function exchangeLinkOnce(queryClient: QueryClient, token: string, purpose: LinkPurpose): Promise<LinkExchange> {
  const key = `${purpose} ${token}`;
  let pending = exchanges.get(key);
  if (!pending) {
    pending = apiClient
      .post('/v1/customer/link/exchange', { token, purpose }, { schema: ExchangeAnswerSchema })
      .then(async (answer) => {
        await startSession(queryClient, answer.token);
        return answer;
      });
    exchanges.set(key, pending);
  }
  return pending;
}

/**
 * Lets a failed exchange be tried again. Only for failures that never reached a verdict on the
 * token (the network, the server's own trouble): a refused token stays refused.
 */
export function forgetLinkExchange(token: string, purpose: LinkPurpose): void {
  exchanges.delete(`${purpose} ${token}`);
}
