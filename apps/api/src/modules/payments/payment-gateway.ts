import { createTestGateway } from './test-gateway.js';

/**
 * The one door to a payment processor. Card numbers and security codes pass through here to the
 * gateway and nowhere else: callers keep only the token, brand, last four digits and expiry the
 * gateway answers with (PRODUCT.md, "Payments").
 */

export interface CardDetails {
  /** Digits only. */
  cardNumber: string;
  expMonth: number;
  /** Four digits, e.g. 2029. */
  expYear: number;
  cvv: string;
  cardHolderName: string;
}

/**
 * Three outcomes, as every gateway has them: the card is good; the issuer said no (tell the member
 * so); or the gateway could not decide (ask them to check what they typed, or try later).
 */
export type TokenizeResult =
  | { status: 'approved'; token: string; brand: string; last4: string }
  | { status: 'declined' }
  | { status: 'error' };

export interface AuthorizeInput {
  token: string;
  amountCents: number;
  /** The same key sent twice authorises once: a retried order submission is never charged twice. */
  idempotencyKey: string;
}

export type AuthorizeResult = { status: 'approved'; authorizationId: string } | { status: 'declined' } | { status: 'error' };

export interface PaymentGateway {
  /** Stored with each card, so tokens of different gateways are never mixed up. */
  readonly name: string;
  tokenizeCard(card: CardDetails): Promise<TokenizeResult>;
  /** Forgets a saved card at the gateway; removing an unknown token is not an error. */
  removeCard(token: string): Promise<void>;
  authorize(input: AuthorizeInput): Promise<AuthorizeResult>;
  /**
   * Releases an authorisation that will not become an order (the order could not be written after
   * the card was approved), so the member is never left with a hold on their card. Voiding an
   * unknown or already voided authorisation is not an error. Throws only when the gateway cannot be
   * reached; the caller logs that for staff to release by hand.
   */
  voidAuthorization(authorizationId: string): Promise<void>;
}

/** Values of PAYMENT_GATEWAY. Only the built-in test gateway exists so far. */
export const PAYMENT_GATEWAY_NAMES = ['test'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

/** The gateway PAYMENT_GATEWAY names. */
export function createPaymentGateway(name: PaymentGatewayName): PaymentGateway {
  switch (name) {
    case 'test':
      return createTestGateway();
  }
}
