import { formatMoney } from '@winery/domain';
import { apiText } from '../i18n/i18n.js';

/**
 * Every sentence the API answers with, by name. The words are in the `api` namespace
 * (packages/locales/en-US/api.json); seed wording (spec §8) is kept exactly there. The web app maps
 * error types and codes to its own translated texts, so these are for humans reading raw responses
 * and logs.
 */
export const API_MESSAGES = {
  invalidCredentials: apiText('invalidCredentials'),
  signInRequired: apiText('signInRequired'),
  sessionEnded: apiText('sessionEnded'),
  otherCustomer: apiText('otherCustomer'),
  tenantMismatch: apiText('tenantMismatch'),
  unknownTenant: apiText('unknownTenant'),
  customerNotFound: apiText('customerNotFound'),
  allocationNotFound: apiText('allocationNotFound'),
  addressNotFound: apiText('addressNotFound'),
  otherMemberAddress: apiText('otherMemberAddress'),
  tooManyAddresses: (max: number) => apiText('tooManyAddresses', { max }),
  cardNotFound: apiText('cardNotFound'),
  otherMemberCard: apiText('otherMemberCard'),
  tooManyCards: (max: number) => apiText('tooManyCards', { max }),
  cardDeclined: apiText('cardDeclined'),
  cardUnprocessable: apiText('cardUnprocessable'),
  cardRateLimited: apiText('cardRateLimited'),
  emailInUse: apiText('emailInUse'),
  passwordRateLimited: apiText('passwordRateLimited'),
  routeNotFound: apiText('routeNotFound'),
  validation: apiText('validation'),
  malformedJson: apiText('malformedJson'),
  unsupportedMediaType: apiText('unsupportedMediaType'),
  payloadTooLarge: apiText('payloadTooLarge'),
  signInRateLimited: apiText('signInRateLimited'),
  rateLimited: apiText('rateLimited'),
  other: apiText('other'),
  // Answered before any route runs (router, HTTP parser): never an echo of the URL (issue 11).
  badUrl: apiText('badUrl'),
  urlTooLong: apiText('urlTooLong'),
  badRequest: apiText('badRequest'),
  headersTooLarge: apiText('headersTooLarge'),
  requestTimeout: apiText('requestTimeout'),

  // Choosing, checkout and placing an order (issue 5). Seed sentences that are also form messages
  // ('Please select an address', 'Your order must be a minimum of X' …) come from the domain's
  // validation texts instead, so the form and the API say the same words.
  offeringClosed: apiText('offeringClosed'),
  cartNotFound: apiText('cartNotFound'),
  otherMemberCart: apiText('otherMemberCart'),
  orderNotFound: apiText('orderNotFound'),
  otherMemberOrder: apiText('otherMemberOrder'),
  emptySelection: apiText('emptySelection'),
  unknownWine: apiText('unknownWine'),
  thisWine: apiText('thisWine'),
  belowMinimum: (wine: string, minimum: number) => apiText('belowMinimum', { wine, count: minimum }),
  aboveMaximum: (wine: string, maximum: number) => apiText('aboveMaximum', { wine, count: maximum }),
  soldOut: (wine: string) => apiText('soldOut', { wine }),
  cannotShip: (destination: string) => apiText('cannotShip', { destination }),
  noShippingRate: apiText('noShippingRate'),
  orderTooLarge: (maxCents: number) => apiText('orderTooLarge', { amount: formatMoney(maxCents) }),
  noPickupRate: apiText('noPickupRate'),

  // Staff API: sign-in, catalogue, offerings, members' allocations, wishes, rate tables (issue 5).
  wineNotFound: apiText('wineNotFound'),
  wineExists: apiText('wineExists'),
  locationNotFound: apiText('locationNotFound'),
  offeringNotFound: apiText('offeringNotFound'),
  slugInUse: apiText('slugInUse'),
  duplicateWine: apiText('duplicateWine'),
  duplicateLocation: apiText('duplicateLocation'),
  duplicateMember: apiText('duplicateMember'),
  wineNotInOffering: apiText('wineNotInOffering'),
  combinationSelf: apiText('combinationSelf'),
  wineOrdered: apiText('wineOrdered'),
  startDateLocked: apiText('startDateLocked'),
  endDateInPast: apiText('endDateInPast'),
  wishNotFound: apiText('wishNotFound'),
  wishDecided: apiText('wishDecided'),
  wishOfferingNotOpen: apiText('wishOfferingNotOpen'),
  wishAnswered: apiText('wishAnswered'),
  duplicateDestination: apiText('duplicateDestination'),
  overlappingBand: apiText('overlappingBand'),
  // Staff roles (issue 11): a viewer only reads, a manager does everything but staff accounts.
  staffRoleTooLow: (required: 'manager' | 'admin') => apiText('staffRoleTooLow', { context: required }),

  // Joining, passwords and e-mailed links (issue 6). Seed §8: linkInvalid, allocationLinkExpired.
  linkInvalid: apiText('linkInvalid'),
  allocationLinkExpired: apiText('allocationLinkExpired'),
  passwordResetSent: apiText('passwordResetSent'),
  emailRateLimited: (wait: string) => apiText('emailRateLimited', { wait }),
  networkRateLimited: (wait: string) => apiText('networkRateLimited', { wait }),
  badLinksRateLimited: (wait: string) => apiText('badLinksRateLimited', { wait }),
  // The `wait` of the sentences above: how long, as a person reads it (waitInWords).
  waitAMinute: apiText('waitAMinute'),
  waitFewMinutes: apiText('waitFewMinutes'),
  waitUpToAnHour: apiText('waitUpToAnHour'),
  waitFewHours: apiText('waitFewHours'),
  signInRequestNotFound: apiText('signInRequestNotFound'),
  signInRequestExpired: apiText('signInRequestExpired'),
  resendTooSoon: apiText('resendTooSoon'),
  joinRequestNotFound: apiText('joinRequestNotFound'),
  joinRequestDecided: apiText('joinRequestDecided'),
  notInOffering: apiText('notInOffering'),
  offeringLinksOver: apiText('offeringLinksOver'),

  // Bottle verification and the bottle registry (issue 7). Seed §8: bottleNotValid.
  bottleNotValid: apiText('bottleNotValid'),
  bottleRateLimited: (wait: string) => apiText('bottleRateLimited', { wait }),
  bottleImportInvalid: apiText('bottleImportInvalid'),
  bottleImportTooMany: (max: number) => apiText('bottleImportTooMany', { max }),
  bottleImportEmpty: apiText('bottleImportEmpty'),
  bottleImportHeader: apiText('bottleImportHeader'),
  bottleImportCsv: (reason: string) => apiText('bottleImportCsv', { reason }),
  bottleImportNumber: apiText('bottleImportNumber'),
  bottleImportVintage: apiText('bottleImportVintage'),
  bottleImportSize: apiText('bottleImportSize'),
  bottleImportUnknownWine: (wine: string) => apiText('bottleImportUnknownWine', { wine }),
  bottleImportDuplicateId: (bottleId: string, line: number) => apiText('bottleImportDuplicateId', { bottleId, line }),
  bottleImportDuplicateNumber: (number: number, line: number) => apiText('bottleImportDuplicateNumber', { number, line }),
  bottleImportRegistered: (bottleId: string) => apiText('bottleImportRegistered', { bottleId }),
  bottleImportNumberTaken: (number: number) => apiText('bottleImportNumberTaken', { number }),
  bottleImportConflict: apiText('bottleImportConflict'),
} as const;
