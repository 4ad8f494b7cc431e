import { formatMoney } from '@winery/domain';
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
  // Answered before any route runs (router, HTTP parser): never an echo of the URL (issue 11).
  badUrl: 'This address is not valid',
  urlTooLong: 'This address is too long',
  badRequest: 'The request could not be read',
  headersTooLarge: 'The request headers are too large',
  requestTimeout: 'The request took too long to arrive',

  // Choosing, checkout and placing an order (issue 5). Seed sentences that are also form messages
  // ('Please select an address', 'Your order must be a minimum of X' …) come from the domain's
  // validation texts instead, so the form and the API say the same words.
  offeringClosed: 'This offering is closed.',
  cartNotFound: 'This cart does not exist',
  otherMemberCart: 'This cart belongs to another member',
  orderNotFound: 'This order does not exist',
  otherMemberOrder: 'This order belongs to another member',
  emptySelection: 'Please choose at least one bottle.',
  unknownWine: 'This wine is not part of your allocation.',
  belowMinimum: (wine: string, minimum: number, unit: string) => `Please choose at least ${minimum} ${unit} of ${wine}, or none.`,
  aboveMaximum: (wine: string, maximum: number, unit: string) =>
    maximum === 0 ? `Your allocation has no more ${wine} for you.` : `You can order at most ${maximum} ${unit} of ${wine}.`,
  soldOut: (wine: string) => `Sorry, ${wine} has just sold out. Please change your order.`,
  cannotShip: (destination: string) => `Sorry, we cannot ship to ${destination}.`,
  noShippingRate: 'We cannot deliver to this address yet. Please choose another address or contact us.',
  orderTooLarge: (maxCents: number) =>
    `An order can total at most ${formatMoney(maxCents)}. Please choose fewer bottles or contact us.`,
  noPickupRate: 'This pick-up location cannot take orders yet. Please choose another or contact us.',

  // Staff API: sign-in, catalogue, offerings, members' allocations, wishes, rate tables (issue 5).
  wineNotFound: 'This wine does not exist',
  wineExists: 'This wine is already in the catalogue (same name, vintage and size)',
  locationNotFound: 'This inventory location does not exist',
  offeringNotFound: 'This offering does not exist',
  slugInUse: 'Another offering already uses this slug',
  duplicateWine: 'This wine is listed twice',
  duplicateLocation: 'This location is listed twice for the same wine',
  duplicateMember: 'This member is listed twice',
  wineNotInOffering: 'This wine is not part of the offering',
  combinationSelf: 'A wine cannot require itself',
  wineOrdered: 'A wine that members have ordered cannot be taken out of the offering',
  startDateLocked: 'The offering has started: its start date can no longer change',
  endDateInPast: 'The end date must not be in the past',
  wishNotFound: 'This request does not exist',
  wishDecided: 'This request has already been answered',
  wishOfferingNotOpen: 'You can ask for more wine only while the offering is open.',
  wishAnswered: 'Your request for more of this wine has already been answered. Please contact us.',
  duplicateDestination: 'This destination is listed twice',
  overlappingBand: 'This bottle band overlaps another band for the same destination',
  // Staff roles (issue 11): a viewer only reads, a manager does everything but staff accounts.
  staffRoleTooLow: (required: 'manager' | 'admin') =>
    required === 'admin'
      ? 'Only an administrator can do this.'
      : 'Your staff role can view but not change anything. Please ask an administrator.',

  // Joining, passwords and e-mailed links (issue 6). Seed §8: linkInvalid, allocationLinkExpired.
  linkInvalid: 'This link has expired or was already used.',
  allocationLinkExpired: 'This allocation link has expired...',
  passwordResetSent: 'If an account exists for that address, we have sent a link to reset the password.',
  emailRateLimited: (wait: string) => `Too many requests for this e-mail address. Please wait ${wait} and try again.`,
  networkRateLimited: (wait: string) => `Too many requests from your network. Please wait ${wait} and try again.`,
  badLinksRateLimited: (wait: string) =>
    `Too many links that do not work were opened from your network. Please wait ${wait} and try again.`,
  signInRequestNotFound: 'This sign-in request does not exist',
  signInRequestExpired: 'This sign-in request is more than an hour old. Please ask for a new sign-in link.',
  resendTooSoon: 'We have just sent a link. Please wait a moment before asking for another.',
  joinRequestNotFound: 'This request to join does not exist',
  joinRequestDecided: 'This request to join has already been answered',
  notInOffering: 'This member has no allocation in this offering',
  offeringLinksOver: 'This offering was cancelled or its grace window has ended: its links would no longer work.',

  // Bottle verification and the bottle registry (issue 7). Seed §8: bottleNotValid.
  bottleNotValid: 'This Bottle ID is not valid.',
  bottleRateLimited: (wait: string) => `Too many bottle checks from your network. Please wait ${wait} and try again.`,
  bottleImportInvalid: 'Some rows cannot be imported, so nothing was imported. Please correct them and send the file again.',
  bottleImportTooMany: (max: number) => `A file can hold up to ${max.toLocaleString('en-US')} bottles. Please split it into smaller files.`,
  bottleImportEmpty: 'The file has no bottles below its header row.',
  bottleImportHeader: 'The header row must name bottle_id, bottle_number and either wine_id or wine, vintage and size_ml.',
  bottleImportCsv: (reason: string) => `The file is not valid CSV: ${reason}`,
  bottleImportNumber: 'The bottle number must be a whole number from 1',
  bottleImportVintage: 'The vintage must be a year such as 2022',
  bottleImportSize: 'The bottle size must be a whole number of millilitres such as 750',
  bottleImportUnknownWine: (wine: string) => `There is no wine ${wine} in the catalogue`,
  bottleImportDuplicateId: (bottleId: string, line: number) => `Bottle ID ${bottleId} is also on line ${line}`,
  bottleImportDuplicateNumber: (number: number, line: number) => `Bottle number ${number} of this wine is also on line ${line}`,
  bottleImportRegistered: (bottleId: string) => `Bottle ID ${bottleId} is already registered`,
  bottleImportNumberTaken: (number: number) => `Bottle number ${number} of this wine is already registered`,
  bottleImportConflict: 'Some of these bottles were registered at the same moment by another import. Please send the file again.',
} as const;
