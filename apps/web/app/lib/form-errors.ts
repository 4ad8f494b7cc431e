import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { isApiError, isClientError } from './api-error';

/**
 * Puts the server's field errors (finished sentences) next to the fields this form has. Returns
 * whether any was placed, so the caller knows the member has been told where to look.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const fieldError of error.errors) {
    const field = fields.find((name) => name === fieldError.field);
    if (!field) continue;
    setError(field, { type: fieldError.code, message: fieldError.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * The error toast of a failed change. A refusal the member can act on (4xx) carries the server's
 * own words underneath; a 401 on a member's request is told by the session guard instead, which
 * also sends them to sign in again.
 */
export function toastFailure(title: string, error: unknown): void {
  if (isApiError(error) && error.status === 401 && error.sentToken) return;
  const detail = isClientError(error) && isApiError(error) && error.message && error.message !== title ? error.message : undefined;
  toast.error(title, detail ? { description: detail } : undefined);
}
