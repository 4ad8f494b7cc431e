import validation from '@winery/locales/en-US/validation.json' with { type: 'json' };

/**
 * en-US texts of the `validation` namespace (packages/locales/en-US/validation.json). Schemas
 * carry only the keys; the web app and the API render them with these texts, so a form and the
 * server say the same words. Placeholders use i18next's {{name}} syntax.
 */
export const validationMessages: Readonly<typeof validation> = validation;

export type ValidationMessageKey = keyof typeof validationMessages;

/**
 * The values a zod issue's message needs: `limit` from a length rule (too_small/too_big) and any
 * `params` a custom rule attached (e.g. `age`). The API and the forms both call this.
 */
export function issueValues(issue: Record<string, unknown>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const key of ['minimum', 'maximum'] as const) {
    const bound = issue[key];
    if (typeof bound === 'number' || typeof bound === 'bigint') values.limit = Number(bound);
  }
  const params = issue.params;
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params)) {
      if (typeof value === 'string' || typeof value === 'number') values[key] = value;
    }
  }
  return values;
}

/** Renders a message key with its values; unknown keys are returned as they are. */
export function renderValidationMessage(
  key: string,
  values: Record<string, string | number> = {},
): string {
  const template = (validationMessages as Record<string, string>)[key];
  if (template === undefined) return key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    values[name] === undefined ? `{{${name}}}` : String(values[name]),
  );
}
