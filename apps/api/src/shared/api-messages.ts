import { formatMoney, type DeliveryMethod, type FulfilmentRefusal, type FulfilmentStatus, type FulfilmentTarget } from '@winery/domain';
import { apiText, type ApiTextKey } from '../i18n/i18n.js';

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
  // Before the member's own opening (their tier's, or the offering's start): not closed, to come.
  offeringNotOpenYet: apiText('offeringNotOpenYet'),
  cartNotFound: apiText('cartNotFound'),
  otherMemberCart: apiText('otherMemberCart'),
  orderNotFound: apiText('orderNotFound'),
  // Staff moving an order on (issue 14, item 4): the reason comes from the domain's decideFulfilment.
  fulfilmentRefused: (reason: FulfilmentRefusal, from: FulfilmentStatus, to: FulfilmentTarget, delivery: DeliveryMethod) =>
    apiText(`fulfilmentRefused.${reason === 'wrongDelivery' ? (delivery === 'pickup' ? 'wrongDeliveryPickup' : 'wrongDeliveryShipping') : reason}` as ApiTextKey, {
      from: apiText(`fulfilmentWords.${from}` as ApiTextKey),
      to: apiText(`fulfilmentMoves.${to}` as ApiTextKey),
    }),
  paymentReleaseFailed: apiText('paymentReleaseFailed'),
  // The card is charged when the order is prepared (ADR 025): what staff are told when it cannot be.
  paymentCaptureDeclined: (to: FulfilmentTarget) => apiText('paymentCaptureDeclined', { to: apiText(`fulfilmentMoves.${to}` as ApiTextKey) }),
  paymentCaptureFailed: (to: FulfilmentTarget) => apiText('paymentCaptureFailed', { to: apiText(`fulfilmentMoves.${to}` as ApiTextKey) }),
  paymentNotAuthorized: (to: FulfilmentTarget) => apiText('paymentNotAuthorized', { to: apiText(`fulfilmentMoves.${to}` as ApiTextKey) }),
  emptySelection: apiText('emptySelection'),
  unknownWine: apiText('unknownWine'),
  thisWine: apiText('thisWine'),
  belowMinimum: (wine: string, minimum: number) => apiText('belowMinimum', { wine, count: minimum }),
  aboveMaximum: (wine: string, maximum: number) => apiText('aboveMaximum', { wine, count: maximum }),
  combinationNeeds: (wine: string, quantity: number, required: string = apiText('thisWine')) => apiText('combinationNeeds', { wine, required, count: quantity }),
  soldOut: (wine: string) => apiText('soldOut', { wine }),
  cannotShip: (destination: string) => apiText('cannotShip', { destination }),
  noShippingRate: apiText('noShippingRate'),
  orderTooLarge: (maxCents: number) => apiText('orderTooLarge', { amount: formatMoney(maxCents) }),
  noPickupRate: apiText('noPickupRate'),

  // Staff API: sign-in, catalogue, offerings, members' allocations, wishes, rate tables (issue 5).
  wineNotFound: apiText('wineNotFound'),
  // Wine pictures (issue 15, item 13).
  wineImageNotFound: apiText('wineImageNotFound'),
  wineExists: apiText('wineExists'),
  locationNotFound: apiText('locationNotFound'),
  offeringNotFound: apiText('offeringNotFound'),
  slugInUse: apiText('slugInUse'),
  offeringNotOpen: apiText('offeringNotOpen'),
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
  bottleNotFound: apiText('bottleNotFound'),

  // Staff accounts, members, tiers and the member import (issue 14, items 1, 2, 3, 7).
  staffAccountNotFound: apiText('staffAccountNotFound'),
  staffOwnAccount: apiText('staffOwnAccount'),
  staffLastAdmin: apiText('staffLastAdmin'),
  staffAccountDeactivated: apiText('staffAccountDeactivated'),
  tierNotFound: apiText('tierNotFound'),
  tierNameInUse: apiText('tierNameInUse'),
  memberDeactivated: apiText('memberDeactivated'),
  csvCharset: (charset: string) => apiText('csvCharset', { charset }),
  csvNotCharset: (charset: string) => apiText('csvNotCharset', { charset }),
  memberImportInvalid: apiText('memberImportInvalid'),
  memberImportEmpty: apiText('memberImportEmpty'),
  memberImportTooMany: (max: number) => apiText('memberImportTooMany', { max }),
  memberImportCsv: (reason: string) => apiText('memberImportCsv', { reason }),
  memberImportMapping: apiText('memberImportMapping'),
  memberImportNoColumn: (column: string) => apiText('memberImportNoColumn', { column }),
  memberImportNoEmail: apiText('memberImportNoEmail'),
  memberImportUnknownTier: (tier: string) => apiText('memberImportUnknownTier', { tier }),
  memberImportTierMapping: apiText('memberImportTierMapping'),
  memberImportDuplicate: (line: number) => apiText('memberImportDuplicate', { line }),
  memberImportConflict: apiText('memberImportConflict'),

  // Allocations, invitations and wishes in the staff console (issue 13).
  allocationOrdered: apiText('allocationOrdered'),
  offeringDraft: apiText('offeringDraft'),
  wishMoreThanLeft: (left: number) => apiText('wishMoreThanLeft', { left }),
  wishMoreThanAsked: (asked: number) => apiText('wishMoreThanAsked', { asked }),
  allocationImportInvalid: apiText('allocationImportInvalid'),
  allocationImportEmpty: apiText('allocationImportEmpty'),
  allocationImportTooMany: (max: number) => apiText('allocationImportTooMany', { max }),
  allocationImportCsv: (reason: string) => apiText('allocationImportCsv', { reason }),
  allocationImportHeader: apiText('allocationImportHeader'),
  allocationImportUnknownColumn: (column: string) => apiText('allocationImportUnknownColumn', { column }),
  allocationImportEmail: apiText('allocationImportEmail'),
  allocationImportUnknownMember: (email: string) => apiText('allocationImportUnknownMember', { email }),
  allocationImportDuplicate: (line: number) => apiText('allocationImportDuplicate', { line }),
  allocationImportNumber: (max: number) => apiText('allocationImportNumber', { max }),
  allocationImportMinAboveMax: apiText('allocationImportMinAboveMax'),

  // Account care (issue 15): a card saved once; unsubscribe links in non-transactional mail.
  cardAlreadySaved: apiText('cardAlreadySaved'),
  unsubscribeLinkInvalid: apiText('unsubscribeLinkInvalid'),
} as const;
