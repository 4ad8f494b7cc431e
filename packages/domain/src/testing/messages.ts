import type { ZodType } from 'zod';
import { issueValues, renderValidationMessage } from '../messages/validation.js';

/**
 * The words a form would show next to each field for `input`: path → first message, rendered
 * with its placeholders. `{}` when the input is accepted.
 */
export function fieldMessages(schema: ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    out[path] ??= renderValidationMessage(issue.message, issueValues(issue as unknown as Record<string, unknown>));
  }
  return out;
}
