/**
 * en-US texts of the `validation` namespace. Schemas carry only the keys; the web app and the API
 * render them with these texts, so a form and the server say the same words.
 * Placeholders use i18next's {{name}} syntax.
 */
export const validationMessages = {
  required: 'Please fill in this field',
  emailRequired: 'Please enter your email address',
  passwordRequired: 'Please enter your password',
  emailInvalid: 'Please enter a valid email address',
  tooLong: 'This text is too long',
  tooShort: 'This should not be shorter than {{limit}} characters',
  passwordTooShort: 'Password must be at least {{limit}} characters',
  passwordTooLong: 'Password must be at most {{limit}} characters',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidType: 'Invalid type',
  invalidId: 'This is not a valid identifier',
  tenantRequired: 'A tenant header is required',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

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
