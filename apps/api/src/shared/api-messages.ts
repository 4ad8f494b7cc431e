/**
 * Every sentence the API answers with. Seed wording (spec §8) is kept exactly; the rest is ours.
 * The web app maps error types and codes to its own translated texts, so these are for humans
 * reading raw responses and logs.
 */
export const API_MESSAGES = {
  invalidCredentials: 'Your email address or password is invalid',
  signInRequired: 'Please sign in to continue',
  sessionEnded: 'Your session has ended. Please sign in again.',
  otherCustomer: 'You can only see your own account',
  tenantMismatch: 'The tenant in the address does not match the tenant header',
  unknownTenant: 'Unknown tenant',
  customerNotFound: 'This customer does not exist',
  allocationNotFound: 'This allocation does not exist',
  addressNotFound: 'This address does not exist',
  otherMemberAddress: 'This address belongs to another member',
  tooManyAddresses: (max: number) => `You can save up to ${max} addresses. Please remove one before adding another.`,
  cardNotFound: 'This card does not exist',
  otherMemberCard: 'This card belongs to another member',
  tooManyCards: (max: number) => `You can save up to ${max} cards. Please remove one before adding another.`,
  cardDeclined: 'The credit card was declined.',
  cardUnprocessable: 'Unable to process card. Please verify your information.',
  cardRateLimited: 'Too many attempts to add a card. Please try again later.',
  emailInUse: 'This email address is already in use.',
  passwordRateLimited: 'Too many attempts with a wrong password. Please wait a few minutes and try again.',
  routeNotFound: 'There is nothing at this address',
  validation: 'Please check the highlighted fields',
  malformedJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Please send the request body as JSON',
  payloadTooLarge: 'The request body is too large',
  signInRateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  other: 'Sorry, something went wrong',
} as const;
