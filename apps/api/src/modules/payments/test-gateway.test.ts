import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaymentGateway } from './gateways.js';
import { createTestGateway, readTestGatewayLedger, TEST_CARDS, testGatewayFingerprintKeyPath } from './test-gateway.js';

const card = (cardNumber: string, overrides: Partial<{ cvv: string; expMonth: number; expYear: number }> = {}) => ({
  cardNumber,
  cvv: cardNumber.startsWith('3') ? '1234' : '123',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cardHolderName: 'Ada Vintner',
  ...overrides,
});

describe('the test gateway', () => {
  it('is what PAYMENT_GATEWAY=test selects', () => {
    expect(createPaymentGateway('test').name).toBe('test');
  });

  it('approves any valid number with a random token, its brand and last four digits', async () => {
    const gateway = createTestGateway();
    const visa = await gateway.tokenizeCard(card(TEST_CARDS.approved));
    expect(visa).toEqual({
      status: 'approved',
      token: expect.stringMatching(/^tok_test_[0-9a-f]{24}$/),
      brand: 'visa',
      last4: '4242',
      fingerprint: expect.stringMatching(/^fp_test_[A-Za-z0-9_-]{43}$/),
    });
    const again = await gateway.tokenizeCard(card(TEST_CARDS.approved));
    expect(again.status === 'approved' && visa.status === 'approved' && again.token !== visa.token).toBe(true);
    expect(await gateway.tokenizeCard(card('5555555555554444'))).toMatchObject({ status: 'approved', brand: 'mastercard', last4: '4444' });
    expect(await gateway.tokenizeCard(card('378282246310005'))).toMatchObject({ status: 'approved', brand: 'american-express', last4: '0005' });
  });

  it('fingerprints a card number under its own key: the same number alike, another number not, another key not', async () => {
    const key = Buffer.alloc(32, 7);
    const gateway = createTestGateway({ fingerprintKey: key });
    const fingerprint = async (number: string, g = gateway) => {
      const result = await g.tokenizeCard(card(number));
      if (result.status !== 'approved') throw new Error('not approved');
      return result.fingerprint;
    };
    const first = await fingerprint(TEST_CARDS.approved);
    expect(await fingerprint('4242 4242 4242 4242')).toBe(first);
    expect(await fingerprint('5555555555554444')).not.toBe(first);
    // The same key in another gateway (a restart) gives the same one; another key another.
    expect(await fingerprint(TEST_CARDS.approved, createTestGateway({ fingerprintKey: Buffer.alloc(32, 7) }))).toBe(first);
    expect(await fingerprint(TEST_CARDS.approved, createTestGateway({ fingerprintKey: Buffer.alloc(32, 8) }))).not.toBe(first);
    expect(first).not.toContain('4242');
  });

  it('keeps its fingerprint key in DATA_DIR: made once, read back after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'test-gateway-key-'));
    try {
      const tokenize = async () => {
        const result = await createPaymentGateway('test', { dataDir }).tokenizeCard(card(TEST_CARDS.approved));
        return result.status === 'approved' ? result.fingerprint : null;
      };
      const first = await tokenize();
      expect(first).toMatch(/^fp_test_/);
      expect(await tokenize()).toBe(first);
      const keyFile = readFileSync(testGatewayFingerprintKeyPath(dataDir), 'utf8').trim();
      expect(Buffer.from(keyFile, 'base64url')).toHaveLength(32);
      expect(statSync(testGatewayFingerprintKeyPath(dataDir)).mode & 0o077).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('declines 4000 0000 0000 0002 and fails on 4000 0000 0000 0119', async () => {
    const gateway = createTestGateway();
    expect(await gateway.tokenizeCard(card(TEST_CARDS.declined))).toEqual({ status: 'declined' });
    expect(await gateway.tokenizeCard(card('4000 0000 0000 0119'))).toEqual({ status: 'error' });
  });

  it('fails on what a real gateway would not accept: a bad number or security code; declines an expired card', async () => {
    const gateway = createTestGateway({ now: () => new Date('2027-06-15T00:00:00Z') });
    expect(await gateway.tokenizeCard(card('4242424242424241'))).toEqual({ status: 'error' });
    expect(await gateway.tokenizeCard(card(TEST_CARDS.approved, { cvv: '1234' }))).toEqual({ status: 'error' });
    expect(await gateway.tokenizeCard(card(TEST_CARDS.approved, { expMonth: 5, expYear: 2027 }))).toEqual({ status: 'declined' });
    expect(await gateway.tokenizeCard(card(TEST_CARDS.approved, { expMonth: 6, expYear: 2027 }))).toMatchObject({ status: 'approved' });
  });

  it('authorises once per idempotency key: a repeat answers the same authorisation', async () => {
    const gateway = createTestGateway();
    const saved = await gateway.tokenizeCard(card(TEST_CARDS.approved));
    if (saved.status !== 'approved') throw new Error('not approved');
    const first = await gateway.authorize({ token: saved.token, amountCents: 64_800, idempotencyKey: 'order-1' });
    expect(first).toEqual({ status: 'approved', authorizationId: expect.stringMatching(/^auth_test_/) });
    expect(await gateway.authorize({ token: saved.token, amountCents: 64_800, idempotencyKey: 'order-1' })).toEqual(first);
    expect(gateway.authorizationCount).toBe(1);
    const second = await gateway.authorize({ token: saved.token, amountCents: 64_800, idempotencyKey: 'order-2' });
    expect(second.status === 'approved' && first.status === 'approved' && second.authorizationId !== first.authorizationId).toBe(true);
    expect(gateway.authorizationCount).toBe(2);
    // The same key for a different charge is refused, never charged.
    expect(await gateway.authorize({ token: saved.token, amountCents: 1, idempotencyKey: 'order-1' })).toEqual({ status: 'error' });
    expect(gateway.authorizationCount).toBe(2);
  });

  it('declines authorisations on its exhausted test card and fails on tokens or amounts it cannot use', async () => {
    const gateway = createTestGateway();
    const exhausted = await gateway.tokenizeCard(card(TEST_CARDS.declinedOnAuthorize));
    if (exhausted.status !== 'approved') throw new Error('not approved');
    expect(await gateway.authorize({ token: exhausted.token, amountCents: 5_000, idempotencyKey: 'a' })).toEqual({ status: 'declined' });
    expect(await gateway.authorize({ token: 'tok_other_1', amountCents: 5_000, idempotencyKey: 'b' })).toEqual({ status: 'error' });
    expect(await gateway.authorize({ token: exhausted.token, amountCents: 0, idempotencyKey: 'c' })).toEqual({ status: 'error' });
    expect(gateway.authorizationCount).toBe(0);
  });

  it('still authorises a token it issued before a restart (the demo cards)', async () => {
    const before = createTestGateway();
    const saved = await before.tokenizeCard(card(TEST_CARDS.approved));
    if (saved.status !== 'approved') throw new Error('not approved');
    const after = createTestGateway();
    expect(await after.authorize({ token: saved.token, amountCents: 100, idempotencyKey: 'k' })).toMatchObject({ status: 'approved' });
  });

  it('voids an authorisation once; the same key then authorises afresh instead of answering the voided one', async () => {
    const gateway = createTestGateway();
    const saved = await gateway.tokenizeCard(card(TEST_CARDS.approved));
    if (saved.status !== 'approved') throw new Error('not approved');
    const first = await gateway.authorize({ token: saved.token, amountCents: 9_900, idempotencyKey: 'order-9' });
    if (first.status !== 'approved') throw new Error('not approved');
    await gateway.voidAuthorization(first.authorizationId);
    await gateway.voidAuthorization(first.authorizationId);
    await expect(gateway.voidAuthorization('auth_test_unknown')).resolves.toBeUndefined();
    expect(gateway.voidedAuthorizationIds).toEqual([first.authorizationId, 'auth_test_unknown']);
    const again = await gateway.authorize({ token: saved.token, amountCents: 9_900, idempotencyKey: 'order-9' });
    expect(again.status === 'approved' && again.authorizationId !== first.authorizationId).toBe(true);
    expect(gateway.authorizationCount).toBe(2);
  });

  it('with a ledger, remembers its authorisations and voids across a restart, and keeps no token in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'winery-gateway-'));
    try {
      const ledgerPath = join(dir, 'ledger.jsonl');
      const before = createTestGateway({ ledgerPath });
      const saved = await before.tokenizeCard(card(TEST_CARDS.approved));
      if (saved.status !== 'approved') throw new Error('not approved');
      const reference = { tenantId: 'acme', customerId: 'c-1', allocationId: 'a-1', idempotencyKey: 'k-1' };
      const kept = await before.authorize({ token: saved.token, amountCents: 5_000, idempotencyKey: 'order-1', reference });
      const released = await before.authorize({ token: saved.token, amountCents: 7_000, idempotencyKey: 'order-2' });
      if (kept.status !== 'approved' || released.status !== 'approved') throw new Error('not approved');
      await before.voidAuthorization(released.authorizationId);
      // A crash can cut the last line short: it is skipped.
      appendFileSync(ledgerPath, '{"kind":"authoriz');

      const after = createTestGateway({ ledgerPath });
      expect(after.authorizationCount).toBe(2);
      expect(after.voidedAuthorizationIds).toEqual([released.authorizationId]);
      expect(await after.listOpenAuthorizations(new Date(0))).toEqual([
        { authorizationId: kept.authorizationId, amountCents: 5_000, reference, createdAt: expect.any(Date) },
      ]);
      expect(await after.listOpenAuthorizations(new Date(Date.now() + 60_000))).toEqual([]);
      // The same key answers the same authorisation; another amount under it is refused.
      expect(await after.authorize({ token: saved.token, amountCents: 5_000, idempotencyKey: 'order-1' })).toEqual(kept);
      expect(await after.authorize({ token: saved.token, amountCents: 5_001, idempotencyKey: 'order-1' })).toEqual({ status: 'error' });
      expect(after.authorizationCount).toBe(2);
      expect(readFileSync(ledgerPath, 'utf8')).not.toContain(saved.token);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('captures an authorisation once, for at most its amount; a captured one is no longer open, and is never voided', async () => {
    const gateway = createTestGateway();
    const saved = await gateway.tokenizeCard(card(TEST_CARDS.approved));
    if (saved.status !== 'approved') throw new Error('not approved');
    const hold = await gateway.authorize({ token: saved.token, amountCents: 20_000, idempotencyKey: 'order-c' });
    if (hold.status !== 'approved') throw new Error('not approved');
    expect(await gateway.capture(hold.authorizationId, 20_001)).toEqual({ status: 'declined' });
    expect(gateway.captures).toEqual([]);
    expect(await gateway.capture(hold.authorizationId, 20_000)).toEqual({ status: 'captured' });
    // Again (a retried request): answered captured, nothing more taken; another amount is a mistake.
    expect(await gateway.capture(hold.authorizationId, 20_000)).toEqual({ status: 'captured' });
    expect(await gateway.capture(hold.authorizationId, 5_000)).toEqual({ status: 'error' });
    expect(gateway.captures).toEqual([{ authorizationId: hold.authorizationId, amountCents: 20_000 }]);
    expect(await gateway.listOpenAuthorizations(new Date(0))).toEqual([]);
    await expect(gateway.voidAuthorization(hold.authorizationId)).rejects.toThrow(/refunded, never voided/);
    expect(gateway.voidedAuthorizationIds).toEqual([]);
  });

  it('refuses to capture a released hold, and fails on ids and amounts it cannot use', async () => {
    const gateway = createTestGateway();
    const saved = await gateway.tokenizeCard(card(TEST_CARDS.approved));
    if (saved.status !== 'approved') throw new Error('not approved');
    const hold = await gateway.authorize({ token: saved.token, amountCents: 8_000, idempotencyKey: 'order-v' });
    if (hold.status !== 'approved') throw new Error('not approved');
    await gateway.voidAuthorization(hold.authorizationId);
    expect(await gateway.capture(hold.authorizationId, 8_000)).toEqual({ status: 'declined' });
    expect(await gateway.capture('ch_other_1', 8_000)).toEqual({ status: 'error' });
    expect(await gateway.capture(hold.authorizationId, 0)).toEqual({ status: 'error' });
    expect(gateway.captures).toEqual([]);
    // One of its own ids it has no record of (the demo's orders, from before its records began) is captured.
    expect(await gateway.capture('auth_test_000000000000000000000001', 4_500)).toEqual({ status: 'captured' });
  });

  it('refunds only what was captured, once, across a restart, and the hold is no longer open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'winery-gateway-'));
    try {
      const ledgerPath = join(dir, 'ledger.jsonl');
      const before = createTestGateway({ ledgerPath });
      const saved = await before.tokenizeCard(card(TEST_CARDS.approved));
      if (saved.status !== 'approved') throw new Error('not approved');
      const paid = await before.authorize({ token: saved.token, amountCents: 12_300, idempotencyKey: 'order-r' });
      if (paid.status !== 'approved') throw new Error('not approved');
      // Nothing taken yet: a hold is voided, not refunded.
      await expect(before.refund(paid.authorizationId, 12_300)).rejects.toThrow(/nothing was captured/);
      expect(await before.capture(paid.authorizationId, 12_300)).toEqual({ status: 'captured' });
      await expect(before.refund(paid.authorizationId, 12_301)).rejects.toThrow(/more than was captured/);
      await before.refund(paid.authorizationId, 12_300);
      await before.refund(paid.authorizationId, 12_300);
      await expect(before.refund('auth_test_other', 0)).rejects.toThrow();
      expect(before.refunds).toEqual([{ authorizationId: paid.authorizationId, amountCents: 12_300 }]);
      const after = createTestGateway({ ledgerPath });
      expect(after.captures).toEqual([{ authorizationId: paid.authorizationId, amountCents: 12_300 }]);
      expect(after.refunds).toEqual([{ authorizationId: paid.authorizationId, amountCents: 12_300 }]);
      expect(await after.listOpenAuthorizations(new Date(0))).toEqual([]);
      // After the restart it still knows the capture: again is answered captured, a void refused.
      expect(await after.capture(paid.authorizationId, 12_300)).toEqual({ status: 'captured' });
      expect(readTestGatewayLedger(ledgerPath).filter((entry) => entry.kind === 'capture')).toHaveLength(1);
      await after.refund(paid.authorizationId, 12_300);
      expect(readTestGatewayLedger(ledgerPath).filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('forgets removed cards without complaint, even unknown ones', async () => {
    const gateway = createTestGateway();
    await expect(gateway.removeCard('tok_test_unknown')).resolves.toBeUndefined();
  });
});
