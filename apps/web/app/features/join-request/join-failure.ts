import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { errorMessage, isApiError } from '../../lib/api-error';

/**
 * Tells a prospect why their request was not taken, where it belongs: next to the field the server
 * named (an e-mail already in use goes next to the e-mail even when the answer names no field),
 * else as a sentence for the whole form (too many requests, the server unreachable). Returns that
 * sentence, or null when every word went next to a field.
 */
export function joinFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fallback: string,
): string | null {
  if (applyServerFieldErrors(error, setError, fields)) return null;
  if (isApiError(error) && error.type === 'conflict' && error.message) {
    setError('email' as FieldPath<T>, { type: 'emailInUse', message: error.message }, { shouldFocus: true });
    return null;
  }
  return errorMessage(error, fallback);
}
