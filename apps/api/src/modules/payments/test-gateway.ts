import { createHash, createHmac, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import cardValidator from 'card-validator';
import type {
  AuthorizationReference,
  AuthorizeInput,
  AuthorizeResult,
  CaptureResult,
  CardDetails,
  OpenAuthorization,
  PaymentGateway,
  TokenizeResult,
} from './payment-gateway.js';

/**
 * Card numbers the test gateway treats specially; any other number that passes card-validator's
 * checks is approved. Shared with the tests, the demo seed and the README.
 */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  error: '4000000000000119',
  /** Saved without trouble, but every authorisation on it is declined (an exhausted card). */
  declinedOnAuthorize: '4000000000000341',
} as const;

interface SavedCard {
  declineAuthorizations: boolean;
}

export interface TestGateway extends PaymentGateway {
  /** Authorisations actually made (idempotent repeats are not counted). */
  readonly authorizationCount: number;
  /** Authorisations released again by voidAuthorization. */
  readonly voidedAuthorizationIds: readonly string[];
  /** Money taken by capture, one entry per authorisation (a repeated capture is not counted). */
  readonly captures: readonly { authorizationId: string; amountCents: number }[];
  /** Money given back by refund, one entry per authorisation. */
  readonly refunds: readonly { authorizationId: string; amountCents: number }[];
}

/**
 * One line of the test gateway's records (JSON Lines): every authorisation it answered, and every
 * capture, void and refund. A hash of the card token stands in for the token, so the file holds nothing usable.
 */
export type LedgerEntry =
  | {
      kind: 'authorization';
      idempotencyKey: string;
      tokenHash: string;
      amountCents: number;
      result: AuthorizeResult;
      reference: AuthorizationReference | null;
      at: string;
    }
  | { kind: 'void'; authorizationId: string; at: string }
  | { kind: 'capture'; authorizationId: string; amountCents: number; at: string }
  | { kind: 'refund'; authorizationId: string; amountCents: number; at: string };

/** Where PAYMENT_GATEWAY=test keeps its records in DATA_DIR. */
export const testGatewayLedgerPath = (dataDir: string) => join(dataDir, 'test-gateway', 'ledger.jsonl');

/** Where PAYMENT_GATEWAY=test keeps the secret key of its card fingerprints in DATA_DIR. */
export const testGatewayFingerprintKeyPath = (dataDir: string) => join(dataDir, 'test-gateway', 'fingerprint.key');

const FINGERPRINT_KEY_BYTES = 32;

/**
 * The fingerprint key in `path`, made on first use (32 random bytes, readable by this user only),
 * as a real gateway keeps its own: the same card gets the same fingerprint after a restart, and a
 * copy of the database alone cannot test card numbers against the fingerprints it holds.
 */
export function loadTestGatewayFingerprintKey(path: string): Buffer {
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
    if (key.length !== FINGERPRINT_KEY_BYTES) throw new Error(`The test gateway's fingerprint key in ${path} is not ${FINGERPRINT_KEY_BYTES} bytes of base64url.`);
    return key;
  }
  const key = randomBytes(FINGERPRINT_KEY_BYTES);
  mkdirSync(dirname(path), { recursive: true });
  // 'wx': two processes starting at once do not overwrite each other's key; the loser reads the winner's.
  try {
    writeFileSync(path, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadTestGatewayFingerprintKey(path);
    throw error;
  }
  return key;
}

/** The records in a ledger file; a line cut short by a crash is skipped. */
export function readTestGatewayLedger(path: string): LedgerEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (line.trim() === '') return [];
      try {
        return [JSON.parse(line) as LedgerEntry];
      } catch {
        return [];
      }
    });
}

const isExpired = (month: number, year: number, now: Date) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * HMAC-SHA256 of the digits under the gateway's own key. A plain hash would not do: a card number
 * has few unknown digits once its brand and last four are known, so anyone holding the hash could
 * try them all. Without the key, the fingerprint says nothing about the number.
 */
const fingerprintOf = (key: Buffer, digits: string) => `fp_test_${createHmac('sha256', key).update(digits, 'utf8').digest('base64url')}`;

/**
 * The built-in gateway for development, tests and the demo. Without `ledgerPath` it keeps its
 * records in the process (tests); with one, every authorisation and void is also appended to that
 * file before it is answered and read back at start, so, like a real gateway, it remembers charges
 * across a crash or restart of the API: a retried key answers the same authorisation, and the
 * sweep can find holds whose order was never written. Tokens it has forgotten (after a restart)
 * still authorise, so demo cards keep working; likewise an authorisation id of its own form that it
 * has no record of (the demo's orders, made before its records began) can be captured, voided or
 * refunded. An authorisation it knows is captured at most for its amount, never after a void, and
 * refunded only once captured; a captured one is not voided. Card fingerprints are keyed by `fingerprintKey`
 * (kept in DATA_DIR beside the records when the gateway is built from PAYMENT_GATEWAY).
 */
export function createTestGateway(options: { now?: () => Date; ledgerPath?: string; fingerprintKey?: Buffer } = {}): TestGateway {
  const now = options.now ?? (() => new Date());
  // Without a key of its own (tests, the demo seed on its own), one for this gateway's lifetime.
  const fingerprintKey = options.fingerprintKey ?? randomBytes(FINGERPRINT_KEY_BYTES);
  const cards = new Map<string, SavedCard>();
  const authorizations = new Map<string, { tokenHash: string; amountCents: number; result: AuthorizeResult }>();
  const open = new Map<string, OpenAuthorization>();
  /** What each approved authorisation in its records holds. */
  const held = new Map<string, number>();
  let authorizationCount = 0;
  const voided: string[] = [];
  const captured = new Map<string, number>();
  const refunded = new Map<string, number>();

  function apply(entry: LedgerEntry) {
    if (entry.kind === 'authorization') {
      authorizations.set(entry.idempotencyKey, { tokenHash: entry.tokenHash, amountCents: entry.amountCents, result: entry.result });
      if (entry.result.status === 'approved') {
        authorizationCount += 1;
        held.set(entry.result.authorizationId, entry.amountCents);
        open.set(entry.result.authorizationId, {
          authorizationId: entry.result.authorizationId,
          amountCents: entry.amountCents,
          reference: entry.reference,
          createdAt: new Date(entry.at),
        });
      }
      return;
    }
    if (entry.kind === 'capture') {
      if (!captured.has(entry.authorizationId)) captured.set(entry.authorizationId, entry.amountCents);
      open.delete(entry.authorizationId);
      return;
    }
    if (entry.kind === 'refund') {
      if (!refunded.has(entry.authorizationId)) refunded.set(entry.authorizationId, entry.amountCents);
      open.delete(entry.authorizationId);
      return;
    }
    if (voided.includes(entry.authorizationId)) return;
    voided.push(entry.authorizationId);
    open.delete(entry.authorizationId);
    // A voided authorisation is never handed out again: a later try with the same key (the
    // member submitting again after the failure) is authorised afresh.
    for (const [key, known] of authorizations) {
      if (known.result.status === 'approved' && known.result.authorizationId === entry.authorizationId) authorizations.delete(key);
    }
  }

  const { ledgerPath } = options;
  if (ledgerPath) {
    mkdirSync(dirname(ledgerPath), { recursive: true });
    for (const entry of readTestGatewayLedger(ledgerPath)) apply(entry);
  }
  /** Written before the caller hears the answer: a charge the API was told about is on record. */
  function record(entry: LedgerEntry) {
    if (ledgerPath) appendFileSync(ledgerPath, `${JSON.stringify(entry)}\n`);
    apply(entry);
  }

  return {
    name: 'test',

    get authorizationCount() {
      return authorizationCount;
    },

    get voidedAuthorizationIds() {
      return [...voided];
    },
    get captures() {
      return [...captured].map(([authorizationId, amountCents]) => ({ authorizationId, amountCents }));
    },
    get refunds() {
      return [...refunded].map(([authorizationId, amountCents]) => ({ authorizationId, amountCents }));
    },

    async tokenizeCard(card: CardDetails): Promise<TokenizeResult> {
      const number = card.cardNumber.replace(/\D/g, '');
      if (number === TEST_CARDS.declined) return { status: 'declined' };
      if (number === TEST_CARDS.error) return { status: 'error' };
      const validation = cardValidator.number(number);
      if (!validation.isValid || !validation.card) return { status: 'error' };
      if (!/^\d{3,4}$/.test(card.cvv) || card.cvv.length !== validation.card.code.size) return { status: 'error' };
      if (isExpired(card.expMonth, card.expYear, now())) return { status: 'declined' };
      // Random, never derived from the number: a token must not let anyone recover the card.
      const token = `tok_test_${randomBytes(12).toString('hex')}`;
      cards.set(token, { declineAuthorizations: number === TEST_CARDS.declinedOnAuthorize });
      return { status: 'approved', token, brand: validation.card.type, last4: number.slice(-4), fingerprint: fingerprintOf(fingerprintKey, number) };
    },

    async removeCard(token: string): Promise<void> {
      cards.delete(token);
    },

    async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
      const tokenHash = hashToken(input.token);
      const previous = authorizations.get(input.idempotencyKey);
      if (previous) {
        // The same key for a different charge is a client bug, never a second charge.
        const same = previous.tokenHash === tokenHash && previous.amountCents === input.amountCents;
        return same ? previous.result : { status: 'error' };
      }
      let result: AuthorizeResult;
      if (!input.token.startsWith('tok_test_') || !Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        result = { status: 'error' };
      } else if (cards.get(input.token)?.declineAuthorizations) {
        result = { status: 'declined' };
      } else {
        result = { status: 'approved', authorizationId: `auth_test_${randomBytes(12).toString('hex')}` };
      }
      record({
        kind: 'authorization',
        idempotencyKey: input.idempotencyKey,
        tokenHash,
        amountCents: input.amountCents,
        result,
        reference: input.reference ?? null,
        at: now().toISOString(),
      });
      return result;
    },

    async capture(authorizationId: string, amountCents: number): Promise<CaptureResult> {
      if (!authorizationId.startsWith('auth_test_') || !Number.isInteger(amountCents) || amountCents <= 0) return { status: 'error' };
      const taken = captured.get(authorizationId);
      // The same capture again takes nothing more; another amount on a captured one is a client bug.
      if (taken !== undefined) return taken === amountCents ? { status: 'captured' } : { status: 'error' };
      if (voided.includes(authorizationId) || refunded.has(authorizationId)) return { status: 'declined' };
      const authorized = held.get(authorizationId);
      if (authorized !== undefined && amountCents > authorized) return { status: 'declined' };
      record({ kind: 'capture', authorizationId, amountCents, at: now().toISOString() });
      return { status: 'captured' };
    },

    async voidAuthorization(authorizationId: string): Promise<void> {
      if (voided.includes(authorizationId)) return;
      if (captured.has(authorizationId)) throw new Error('test gateway: a captured payment is refunded, never voided');
      record({ kind: 'void', authorizationId, at: now().toISOString() });
    },

    async refund(authorizationId: string, amountCents: number): Promise<void> {
      if (refunded.has(authorizationId)) return;
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error('test gateway: a refund needs a positive amount in cents');
      const taken = captured.get(authorizationId);
      if (held.has(authorizationId) && taken === undefined) throw new Error('test gateway: nothing was captured on this authorisation to refund');
      if (taken !== undefined && amountCents > taken) throw new Error('test gateway: a refund cannot give back more than was captured');
      record({ kind: 'refund', authorizationId, amountCents, at: now().toISOString() });
    },
    async listOpenAuthorizations(since: Date): Promise<OpenAuthorization[]> {
      return [...open.values()].filter((entry) => entry.createdAt.getTime() >= since.getTime()).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}
