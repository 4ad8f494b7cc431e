import { z } from 'zod';
import type { EmailOnlyInput, SetPasswordInput } from '@winery/domain';
import { apiClient } from '../../lib/api-client';
import { useSecretMutation } from '../../lib/secret-mutation';

export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const FORGOT_PASSWORD_SUCCESS_PATH = '/forgot-password-success';

/** How long an e-mailed reset link works (the API's rule; shown to the member). */
export const RESET_LINK_MINUTES = 30;

/** Reset password (from /forgot-password) or create password (a member invited by staff). */
export type PasswordLinkKind = 'reset' | 'create';

/**
 * `POST /v1/customer/password-reset`: always the same answer, whether or not the address has an
 * account, so the form cannot be used to find out who is a member. A plain call (no query cache):
 * the forgot-password page runs without the app too (ADR 023).
 */
export function requestPasswordReset(input: EmailOnlyInput): Promise<{ message?: string }> {
  return apiClient.post<{ message?: string }>('/v1/customer/password-reset', input);
}

const SessionAnswerSchema = z.object({ token: z.string().min(1) });

/**
 * `POST /v1/customer/password-reset/confirm` or `/password-create/confirm`: the e-mailed token and
 * the new password, answered with a member session token (the caller starts the session).
 */
export function useConfirmPassword(kind: PasswordLinkKind) {
  const path = kind === 'reset' ? '/v1/customer/password-reset/confirm' : '/v1/customer/password-create/confirm';
  return useSecretMutation((input: SetPasswordInput) => apiClient.post(path, input, { schema: SessionAnswerSchema }));
}
