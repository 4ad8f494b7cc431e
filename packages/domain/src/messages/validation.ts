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
  emailsDoNotMatch: 'Email addresses do not match',
  emailInUse: 'This email address is already in use.',
  invalidPrefix: 'Please choose a prefix from the list',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  invalidFirstName: 'Please enter a valid first name',
  invalidLastName: 'Please enter a valid last name',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid phone number for the country code',
  phoneTenDigits: 'Phone number must have exactly 10 digits',
  invalidBirthDate: 'Please enter a valid birth date',
  minimumAge: 'Must be at least {{age}} years old',
  companyRequired: 'Please enter your company',
  address1Required: 'Please enter your street address',
  cityRequired: 'Please enter your city',
  stateRequired: 'Please enter your state',
  stateInvalid: 'Please choose a state from the list',
  zipRequired: 'Please enter your zip code',
  zipInvalid: 'Please enter a valid zip or postal code for this country',
  countryRequired: 'Please choose your country',
  cardNumberRequired: 'Please enter your card number',
  cardNumberInvalid: 'Please enter a valid credit card number',
  cardHolderNameRequired: 'Please enter the cardholder name',
  expirationInvalid: 'Please enter the expiration date as MM/YY',
  cardExpired: 'This card has expired',
  cvvRequired: 'Please enter the security code',
  cvvInvalid: 'Please enter a valid security code',
  newPasswordRequired: 'Please enter a new password',
  passwordTooCommon: 'This password is too common. Please choose another.',
  currentPasswordIncorrect: 'Your current password is not correct',
  invalidId: 'This is not a valid identifier',
  invalidQuantity: 'Invalid quantity',
  invalidDate: 'Please enter a valid date',
  dateTooSoon: 'The date must be at least {{days}} day from now',
  startAfterEnd: 'The start date must not fall after the end date',
  selectAddress: 'Please select an address',
  selectPickupLocation: 'Please choose a pick-up location',
  selectDelivery: 'Please choose shipping or pick-up',
  selectCard: 'Please choose a card',
  addressCountryMismatch: 'The address country must match the country selected in the previous step',
  orderMinimum: 'Your order must be a minimum of {{amount}}',
  invalidCombination: 'Invalid allocation combination. Please contact us.',
  idealAllocationRequired: 'Please tell us your ideal allocation',
  linkInvalid: 'This link has expired or was already used.',
  bottleIdRequired: 'Please enter the bottle ID',
  bottleIdFormat: 'Bottle ID must be 8 characters in the format A123-B89Z',
  tenantRequired: 'A tenant header is required',
  allocationLinkExpired: 'This allocation link has expired...',
  charactersNotAllowed: 'This field contains characters that are not allowed.',
} as const;

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
