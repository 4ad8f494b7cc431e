import { isApiError } from '../../lib/api-error';

/** Field path (dotted, as the API names it: `wines.0.priceCents`) → the message to show there. */
export type FieldErrors = Record<string, string>;

/** The API's field errors by path; the first message wins when a field has several. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!isApiError(error)) return errors;
  for (const { field, message } of error.errors) {
    if (field && !(field in errors)) errors[field] = message;
  }
  return errors;
}

/** The messages whose path is not one the form shows, so they are not lost. */
export function unplacedErrors(errors: FieldErrors, shown: (path: string) => boolean): string[] {
  return Object.entries(errors)
    .filter(([path]) => !shown(path))
    .map(([path, message]) => (path ? `${path}: ${message}` : message));
}
