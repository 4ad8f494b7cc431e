import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueValues } from '@winery/domain';
import { i18n } from './i18n';

/** The words a member reads for one zod issue: its message is a `validation` key, filled in. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const key = `validation:${issue.message}`;
  // A message that is not one of ours (a library default) is shown as it came rather than as a key.
  return i18n.exists(key) ? i18n.t(key, issueValues(issue as unknown as Record<string, unknown>)) : issue.message;
}

/**
 * react-hook-form's resolver for the domain's schemas. Unlike zodResolver it finishes each message
 * here, with the values the issue carries ({{limit}}, {{age}}), so a form shows the same sentence
 * the server would, and components never translate. The first issue of a field wins; an issue
 * about the whole form goes to `root`. On success the form receives the parsed (trimmed,
 * normalised) values, as the API will.
 */
export function formResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const flat: Record<string, FieldError> = Object.create(null);
    for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? issue.path.map(String).join('.') : 'root';
      flat[path] ??= { type: issue.code, message: issueMessage(issue) };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };
}
