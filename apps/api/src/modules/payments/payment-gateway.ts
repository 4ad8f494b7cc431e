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
  | {
      status: 'approved';
      token: string;
      brand: string;
      last4: string;
      /**
       * The gateway's fingerprint of the card number: the same number always gives the same one
       * (for this gateway account), another number another one, and it cannot be turned back into
       * the number (a keyed hash, the key at the gateway). It lets a member's list hold each card once.
       */
      fingerprint: string;
    }
  | { status: 'declined' }
  | { status: 'error' };

/**
 * What an authorisation is for, kept by the gateway with it (a real one keeps it in the charge's
 * metadata): ids only, no personal data. It lets a sweep find the order an authorisation should
 * belong to after the process that asked for it died before writing that order.
 */
export interface AuthorizationReference {
  tenantId: string;
  customerId: string;
  allocationId: string;
  /** The order submission's own idempotency key (not the gateway's). */
  idempotencyKey: string;
}

export interface AuthorizeInput {
  token: string;
  amountCents: number;
  /** The same key sent twice authorises once: a retried order submission is never charged twice. */
  idempotencyKey: string;
  reference?: AuthorizationReference;
}

export type AuthorizeResult = { status: 'approved'; authorizationId: string } | { status: 'declined' } | { status: 'error' };

/**
 * A capture's outcome: the money is taken (now, or by an earlier capture of the same
 * authorisation); the gateway refused (the hold was released, has expired, or is for less); or it
 * could not decide (try again later). A capture that was refused or failed took nothing.
 */
export type CaptureResult = { status: 'captured' } | { status: 'declined' } | { status: 'error' };

/** An approved authorisation that has been neither voided nor captured: a hold on a member's card. */
export interface OpenAuthorization {
  authorizationId: string;
  amountCents: number;
  /** Null for one made without a reference (not by order placement). */
  reference: AuthorizationReference | null;
  createdAt: Date;
}

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
   * unknown or already voided authorisation is not an error. Throws when the gateway cannot be
   * reached (the caller logs that for staff to release by hand), and when the authorisation was
   * captured: money taken is given back by a refund, never by a void.
   */
  voidAuthorization(authorizationId: string): Promise<void>;
  /**
   * Charges an authorisation: takes `amountCents` (at most what was authorised) of the hold. The
   * same capture again is answered `captured` and takes nothing more, so a retried request never
   * charges twice; a captured authorisation is no longer open, and is never voided. Throws only
   * when the gateway cannot be reached (as `error`: nothing was taken).
   */
  capture(authorizationId: string, amountCents: number): Promise<CaptureResult>;
  /**
   * Gives back money already captured on an authorisation (a cancelled order whose payment was
   * taken). Refunding the same authorisation again is not an error and refunds nothing more.
   * Throws only when the gateway cannot be reached or refuses (nothing was refunded).
   */
  refund(authorizationId: string, amountCents: number): Promise<void>;
  /**
   * The open authorisations made since `since`, oldest first (a real gateway: its list or search
   * of uncaptured payments). Read by the sweep that voids holds whose order was never written.
   */
  listOpenAuthorizations(since: Date): Promise<OpenAuthorization[]>;
}
