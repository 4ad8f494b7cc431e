import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentCards } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { TEST_CARDS } from '../payments/test-gateway.js';
import { MAX_CARDS_PER_MEMBER } from './card-tokenizer.js';
import { createCardsRepository } from './cards.repository.js';

const ATTEMPTS_PER_HOUR = 4;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ cardAttemptLimit: { max: ATTEMPTS_PER_HOUR, windowMs: 60 * 60_000 } });
});
afterAll(async () => t?.close());

async function memberWithToken() {
  const customer = await t.createCustomer();
  return { customer, token: await t.signIn(customer.email) };
}

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const visa = { cardNumber: '4242 4242 4242 4242', cardHolderName: 'Ada Vintner', expirationDate: `08/${nextYear}`, cvv: '123' };
const mastercard = { cardNumber: '5555555555554444', cardHolderName: 'Ada Vintner', expirationDate: `11/${nextYear}`, cvv: '456' };
const amex = { cardNumber: '3782 822463 10005', cardHolderName: 'A. Vintner', expirationDate: `01/${nextYear}`, cvv: '1234' };

const url = (customerId: string, rest = '') => `/v1/${TEST_TENANT}/customer/${customerId}/card${rest}`;

function api(token: string) {
  const headers = { tenant: TEST_TENANT, authorization: token };
  return {
    list: (customerId: string) => t.app.inject({ method: 'GET', url: url(customerId), headers }),
    add: (customerId: string, payload: object) => t.app.inject({ method: 'POST', url: url(customerId), headers, payload }),
    remove: (customerId: string, id: string) => t.app.inject({ method: 'DELETE', url: url(customerId, `/${id}`), headers }),
    prefer: (customerId: string, id: string) =>
      t.app.inject({ method: 'POST', url: url(customerId, `/${id}/default`), headers: { ...headers, 'content-type': 'application/json' } }),
  };
}

const storedCards = (customerId: string) => t.db.select().from(paymentCards).where(eq(paymentCards.customerId, customerId));
const preferredIds = async (customerId: string) => (await storedCards(customerId)).filter((c) => c.preferred).map((c) => c.id);

describe('POST /v1/{tenant}/customer/{customerId}/card', () => {
  it('saves an approved card: the first is preferred, and only the token and what may be shown are kept', async () => {
    const { customer, token } = await memberWithToken();
    const response = await api(token).add(customer.id, visa);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      brand: 'visa',
      last4: '4242',
      expMonth: 8,
      expYear: 2000 + Number(nextYear),
      cardHolderName: 'Ada Vintner',
      preferred: true,
      createdAt: expect.any(String),
    });
    const [row] = await storedCards(customer.id);
    expect(row).toMatchObject({ gateway: 'test', brand: 'visa', last4: '4242', preferred: true });
    expect(row!.gatewayToken).toMatch(/^tok_test_[0-9a-f]{24}$/);
  });

  it('gives each saved card its own random token, whatever the number', async () => {
    const { customer, token } = await memberWithToken();
    // Two cards that show the same (brand, last four, expiry): a token made from what a card shows
    // would repeat. (Not "the token has no 4242 in it": 24 random hex digits hold a given four
    // about once in 1,500 tokens, and so this test failed once by chance.)
    const numbers = ['4242424242424242', '4000000000024242'];
    for (const cardNumber of numbers) expect((await api(token).add(customer.id, { ...visa, cardNumber })).statusCode).toBe(201);
    const tokens = (await storedCards(customer.id)).map((c) => c.gatewayToken);
    expect(new Set(tokens).size).toBe(2);
    for (const gatewayToken of tokens) {
      expect(gatewayToken).toMatch(/^tok_test_[0-9a-f]{24}$/);
      for (const cardNumber of numbers) expect(gatewayToken).not.toContain(cardNumber);
    }
  });

  it('saves a card once: the same number again answers 409 on the number, however it is typed', async () => {
    const { customer, token } = await memberWithToken();
    expect((await api(token).add(customer.id, visa)).statusCode).toBe(201);
    const again = await api(token).add(customer.id, { ...visa, cardNumber: '4242-4242-4242-4242', expirationDate: `12/${nextYear}`, cardHolderName: 'A. Vintner' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      type: 'conflict',
      message: 'This card is already saved.',
      errors: [{ field: 'cardNumber', code: 'cardAlreadySaved', message: 'This card is already saved.' }],
    });
    const stored = await storedCards(customer.id);
    expect(stored).toHaveLength(1);
    // The gateway's keyed fingerprint: neither the number nor a plain hash of it.
    expect(stored[0]!.fingerprint).toMatch(/^fp_test_[A-Za-z0-9_-]{43}$/);
    expect(stored[0]!.fingerprint).not.toContain('4242');
    expect(stored[0]!.fingerprint).not.toContain(createHash('sha256').update('4242424242424242').digest('base64url'));
    // Another card, another member's copy of this one, and this one once it is removed: all saved.
    expect((await api(token).add(customer.id, mastercard)).statusCode).toBe(201);
    const other = await memberWithToken();
    expect((await api(other.token).add(other.customer.id, visa)).statusCode).toBe(201);
    expect((await api(token).remove(customer.id, stored[0]!.id)).statusCode).toBe(204);
    expect((await api(token).add(customer.id, visa)).statusCode).toBe(201);
  });

  it('saves one card when the same card is sent several times at once', async () => {
    const { customer, token } = await memberWithToken();
    const answers = await Promise.all(Array.from({ length: ATTEMPTS_PER_HOUR }, () => api(token).add(customer.id, visa)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(ATTEMPTS_PER_HOUR - 1).fill(409)]);
    expect(await storedCards(customer.id)).toHaveLength(1);
  });

  it('keeps one row per card in the table itself: a second insert of the same fingerprint writes nothing', async () => {
    // Below the service's lock: the unique index alone, as two writers without it would meet.
    const customer = await t.createCustomer();
    const repository = createCardsRepository(t.db);
    const card = (gatewayToken: string) => ({
      gateway: 'test',
      gatewayToken,
      brand: 'visa',
      last4: '4242',
      expMonth: 8,
      expYear: 2040,
      cardHolderName: 'Ada Vintner',
      fingerprint: 'fp_test_same',
      preferred: false,
    });
    const inserted = await Promise.all(['tok_test_a', 'tok_test_b', 'tok_test_c'].map((gatewayToken) => repository.insert(t.tenantId, customer.id, card(gatewayToken), new Date())));
    expect(inserted.filter(Boolean)).toHaveLength(1);
    // Cards saved before fingerprints were kept (null) are not held to it.
    await repository.insert(t.tenantId, customer.id, { ...card('tok_test_d'), fingerprint: null }, new Date());
    await repository.insert(t.tenantId, customer.id, { ...card('tok_test_e'), fingerprint: null }, new Date());
    expect(await storedCards(customer.id)).toHaveLength(3);
  });

  it('keeps the preferred card unless the new one asks to be preferred', async () => {
    const { customer, token } = await memberWithToken();
    const first = (await api(token).add(customer.id, visa)).json();
    const second = (await api(token).add(customer.id, mastercard)).json();
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', preferred: false });
    expect(await preferredIds(customer.id)).toEqual([first.id]);
    const third = (await api(token).add(customer.id, { ...amex, preferred: true })).json();
    expect(third).toMatchObject({ brand: 'american-express', last4: '0005', preferred: true });
    expect(await preferredIds(customer.id)).toEqual([third.id]);
  });

  it("answers 'The credit card was declined.' when the gateway declines, and saves nothing", async () => {
    const { customer, token } = await memberWithToken();
    const response = await api(token).add(customer.id, { ...visa, cardNumber: TEST_CARDS.declined });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'The credit card was declined.',
      errors: [{ field: 'cardNumber', code: 'cardDeclined', message: 'The credit card was declined.' }],
    });
    expect(await storedCards(customer.id)).toEqual([]);
  });

  it("answers 'Unable to process card. Please verify your information.' when the gateway fails, and saves nothing", async () => {
    const { customer, token } = await memberWithToken();
    const response = await api(token).add(customer.id, { ...visa, cardNumber: '4000 0000 0000 0119' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'Unable to process card. Please verify your information.',
      errors: [
        { field: 'cardNumber', code: 'cardUnprocessable', message: 'Unable to process card. Please verify your information.' },
      ],
    });
    expect(await storedCards(customer.id)).toEqual([]);
  });

  it('treats a gateway that throws like one that failed', async () => {
    const { customer, token } = await memberWithToken();
    const spy = vi.spyOn(t.gateway, 'tokenizeCard').mockRejectedValueOnce(new Error('socket hang up'));
    try {
      const response = await api(token).add(customer.id, visa);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('cardUnprocessable');
    } finally {
      spy.mockRestore();
    }
    expect(await storedCards(customer.id)).toEqual([]);
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'cardNumberInvalid', 'Please enter a valid credit card number'],
    [{ cardNumber: '' }, 'cardNumber', 'cardNumberRequired', 'Please enter your card number'],
    [{ expirationDate: '01/20' }, 'expirationDate', 'cardExpired', 'This card has expired'],
    [{ expirationDate: '13/30' }, 'expirationDate', 'expirationInvalid', 'Please enter the expiration date as MM/YY'],
    [{ cvv: '12' }, 'cvv', 'cvvInvalid', 'Please enter a valid security code'],
    [{ cvv: '' }, 'cvv', 'cvvRequired', 'Please enter the security code'],
    [{ cvv: '1234' }, 'cvv', 'cvvInvalid', 'Please enter a valid security code'],
    [{ cardHolderName: ' ' }, 'cardHolderName', 'cardHolderNameRequired', 'Please enter the cardholder name'],
  ])('refuses %o with the form message, before reaching the gateway', async (overrides, field, code, message) => {
    const { customer, token } = await memberWithToken();
    const spy = vi.spyOn(t.gateway, 'tokenizeCard');
    try {
      const response = await api(token).add(customer.id, { ...visa, ...overrides });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field, code, message }]);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it(`refuses an ${MAX_CARDS_PER_MEMBER + 1}th card with 409, without asking the gateway`, async () => {
    const { customer, token } = await memberWithToken();
    for (let i = 0; i < MAX_CARDS_PER_MEMBER; i += 1) await t.createCard({ customerId: customer.id, preferred: i === 0 });
    const spy = vi.spyOn(t.gateway, 'tokenizeCard');
    try {
      const response = await api(token).add(customer.id, visa);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        statusCode: 409,
        type: 'conflict',
        message: 'You can save up to 10 cards. Please remove one before adding another.',
      });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('limits tries per member, declined ones included: then 429 with Retry-After', async () => {
    const { customer, token } = await memberWithToken();
    for (let i = 0; i < ATTEMPTS_PER_HOUR; i += 1) {
      // Declined, approved, declined, and the approved card again (409): every try counts.
      const number = i % 2 === 0 ? TEST_CARDS.declined : TEST_CARDS.approved;
      expect([201, 400, 409]).toContain((await api(token).add(customer.id, { ...visa, cardNumber: number })).statusCode);
    }
    const blocked = await api(token).add(customer.id, visa);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      type: 'rateLimited',
      message: 'Too many attempts to add a card. Please try again later.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    // Another member is not held back.
    const other = await memberWithToken();
    expect((await api(other.token).add(other.customer.id, visa)).statusCode).toBe(201);
  });

  it("answers 403 for another member's cards", async () => {
    const { token } = await memberWithToken();
    const other = await t.createCustomer();
    expect((await api(token).add(other.id, visa)).statusCode).toBe(403);
    expect((await api(token).list(other.id)).statusCode).toBe(403);
    expect(await storedCards(other.id)).toEqual([]);
  });
});

describe('GET /v1/{tenant}/customer/{customerId}/card', () => {
  it("lists the preferred card first, then the newest; only the member's own; no token", async () => {
    const { customer, token } = await memberWithToken();
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const oldest = await t.createCard({ customerId: customer.id, last4: '1111', createdAt: minutesAgo(30) });
    const preferred = await t.createCard({ customerId: customer.id, last4: '2222', preferred: true, createdAt: minutesAgo(20) });
    const newest = await t.createCard({ customerId: customer.id, last4: '3333', createdAt: minutesAgo(10) });
    const other = await t.createCustomer();
    await t.createCard({ customerId: other.id, last4: '9999' });

    const response = await api(token).list(customer.id);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((c: { id: string }) => c.id)).toEqual([preferred.id, newest.id, oldest.id]);
    expect(list[0]).toEqual({
      id: preferred.id,
      brand: 'visa',
      last4: '2222',
      expMonth: 12,
      expYear: preferred.expYear,
      cardHolderName: 'Ada Vintner',
      preferred: true,
      createdAt: preferred.createdAt.toISOString(),
    });
    expect(response.body).not.toContain('tok_test');
  });
});

describe('DELETE /v1/{tenant}/customer/{customerId}/card/{cardId}', () => {
  it('removes the card here and at the gateway; the newest remaining card becomes preferred', async () => {
    const { customer, token } = await memberWithToken();
    const first = (await api(token).add(customer.id, visa)).json();
    const second = (await api(token).add(customer.id, mastercard)).json();
    const third = (await api(token).add(customer.id, amex)).json();
    const [firstRow] = (await storedCards(customer.id)).filter((c) => c.id === first.id);
    const spy = vi.spyOn(t.gateway, 'removeCard');
    try {
      const response = await api(token).remove(customer.id, first.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(spy).toHaveBeenCalledWith(firstRow!.gatewayToken);
    } finally {
      spy.mockRestore();
    }
    expect(await preferredIds(customer.id)).toEqual([third.id]);
    expect((await api(token).remove(customer.id, second.id)).statusCode).toBe(204);
    expect(await preferredIds(customer.id)).toEqual([third.id]);
    expect((await api(token).remove(customer.id, third.id)).statusCode).toBe(204);
    expect((await api(token).list(customer.id)).json()).toEqual([]);
  });

  it('still answers 204 when the gateway cannot forget the token', async () => {
    const { customer, token } = await memberWithToken();
    const card = (await api(token).add(customer.id, visa)).json();
    const spy = vi.spyOn(t.gateway, 'removeCard').mockRejectedValueOnce(new Error('timeout'));
    try {
      expect((await api(token).remove(customer.id, card.id)).statusCode).toBe(204);
    } finally {
      spy.mockRestore();
    }
    expect(await storedCards(customer.id)).toEqual([]);
  });

  it("answers 403 for another member's card, 404 for an unknown one", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const theirs = await t.createCard({ customerId: other.id });
    const forbidden = await api(token).remove(customer.id, theirs.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
    expect(await storedCards(other.id)).toHaveLength(1);
    const missing = await api(token).remove(customer.id, t.newId());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This card does not exist' });
    expect((await api(token).remove(other.id, theirs.id)).statusCode).toBe(403);
  });
});

describe('POST /v1/{tenant}/customer/{customerId}/card/{cardId}/default', () => {
  it('makes the card the one preferred card', async () => {
    const { customer, token } = await memberWithToken();
    const first = (await api(token).add(customer.id, visa)).json();
    const second = (await api(token).add(customer.id, mastercard)).json();
    const response = await api(token).prefer(customer.id, second.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...second, preferred: true });
    expect(await preferredIds(customer.id)).toEqual([second.id]);
    expect((await api(token).list(customer.id)).json()[1]).toMatchObject({ id: first.id, preferred: false });
    expect((await api(token).prefer(customer.id, second.id)).statusCode).toBe(200);
    expect(await preferredIds(customer.id)).toEqual([second.id]);
  });

  it("answers 403 for another member's card, 404 for an unknown one", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const theirs = await t.createCard({ customerId: other.id });
    expect((await api(token).prefer(customer.id, theirs.id)).statusCode).toBe(403);
    expect(await preferredIds(other.id)).toEqual([]);
    expect((await api(token).prefer(customer.id, t.newId())).statusCode).toBe(404);
    const notUuid = await api(token).prefer(customer.id, 'visa');
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().errors).toEqual([{ field: 'cardId', code: 'invalidId', message: 'This is not a valid identifier' }]);
  });
});

describe('requests at the same moment', () => {
  it('still leave one preferred card', async () => {
    const { customer, token } = await memberWithToken();
    const answers = await Promise.all([
      api(token).add(customer.id, visa),
      api(token).add(customer.id, { ...mastercard, preferred: true }),
      api(token).add(customer.id, { ...amex, preferred: true }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(await preferredIds(customer.id)).toHaveLength(1);
    await Promise.all(answers.map((a) => api(token).prefer(customer.id, a.json().id)));
    expect(await preferredIds(customer.id)).toHaveLength(1);
  });
});

describe('the payment_cards table', () => {
  it('holds at most one preferred card per member', async () => {
    const customer = await t.createCustomer();
    await t.createCard({ customerId: customer.id, preferred: true });
    await expect(t.createCard({ customerId: customer.id, preferred: true })).rejects.toThrow();
    await expect(t.createCard({ customerId: customer.id, last4: '42' })).rejects.toThrow();
    await expect(t.createCard({ customerId: customer.id, expMonth: 13 })).rejects.toThrow();
  });
});
