import { renderValidationMessage } from '@winery/domain';
import { isApiError } from '../../lib/api-error';

/**
 * The API's words about a link that did not work: the message on its token field ('This link has
 * expired or was already used.', 'This allocation link has expired...'), else its own message
 * (too many links tried: the wait in words), else the seed's used-link sentence. Null when the
 * answer was not about the link at all.
 */
export function linkRefusal(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const onToken = error.errors.find((fieldError) => fieldError.field === 'token');
  if (onToken) return onToken.message || error.message || renderValidationMessage('linkInvalid');
  return null;
}

export type LinkFailure = { retry: true } | { retry: false; message: string };

/**
 * How a failed exchange is told. Offline, or the server's own trouble: nothing was decided about
 * the token, so the member may simply try again. Any other refusal is final for this link.
 */
export function linkFailure(error: unknown): LinkFailure {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return { retry: true };
  return { retry: false, message: linkRefusal(error) ?? (error.message || renderValidationMessage('linkInvalid')) };
}
