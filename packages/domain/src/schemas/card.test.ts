import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { cardBrandOf, createCardInputSchema, isExpired, parseExpiry } from './card.js';

const now = new Date('2026-11-22T12:00:00Z');
const schema = createCardInputSchema({ now: () => now });
const visa = { cardNumber: '4242 4242 4242 4242', cardHolderName: 'Ada Vintner', expirationDate: '12/29', cvv: '123' };

describe('CardInputSchema', () => {
  it('accepts a card, keeping only digits of the number', () => {
    expect(schema.parse(visa)).toEqual({ ...visa, cardNumber: '4242424242424242', preferred: false });
  });

  it('asks for every field with its own words', () => {
    expect(fieldMessages(schema, { cardNumber: '', cardHolderName: '', expirationDate: '', cvv: '' })).toEqual({
      cardNumber: 'Please enter your card number',
      cardHolderName: 'Please enter the cardholder name',
      expirationDate: 'Please fill in this field',
      cvv: 'Please enter the security code',
    });
  });

  it('refuses a number that fails the checksum or has letters', () => {
    expect(fieldMessages(schema, { ...visa, cardNumber: '4242 4242 4242 4241' })).toEqual({
      cardNumber: 'Please enter a valid credit card number',
    });
    expect(fieldMessages(schema, { ...visa, cardNumber: '4242 abcd' })).toEqual({
      cardNumber: 'Please enter a valid credit card number',
    });
  });

  it('is good through the last day of its month, expired the month after', () => {
    expect(fieldMessages(schema, { ...visa, expirationDate: '11/26' })).toEqual({});
    expect(fieldMessages(schema, { ...visa, expirationDate: '10/26' })).toEqual({ expirationDate: 'This card has expired' });
    expect(fieldMessages(schema, { ...visa, expirationDate: '13/27' })).toEqual({
      expirationDate: 'Please enter the expiration date as MM/YY',
    });
    expect(fieldMessages(schema, { ...visa, expirationDate: '2027-01' })).toEqual({
      expirationDate: 'Please enter the expiration date as MM/YY',
    });
  });

  it("wants the brand's security code length: 3 for Visa, 4 for American Express", () => {
    expect(fieldMessages(schema, { ...visa, cvv: '1234' })).toEqual({ cvv: 'Please enter a valid security code' });
    expect(fieldMessages(schema, { ...visa, cvv: '12a' })).toEqual({ cvv: 'Please enter a valid security code' });
    const amex = { ...visa, cardNumber: '3782 822463 10005' };
    expect(fieldMessages(schema, { ...amex, cvv: '1234' })).toEqual({});
    expect(fieldMessages(schema, { ...amex, cvv: '123' })).toEqual({ cvv: 'Please enter a valid security code' });
  });
});

describe('card helpers', () => {
  it('read the brand and the expiry', () => {
    expect(cardBrandOf('4242')?.type).toBe('visa');
    expect(cardBrandOf('5555 5555 5555 4444')?.niceType).toBe('Mastercard');
    expect(parseExpiry('07 / 28')).toEqual({ month: 7, year: 2028 });
    expect(parseExpiry('0728')).toEqual({ month: 7, year: 2028 });
    expect(isExpired({ month: 12, year: 2026 }, new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(isExpired({ month: 12, year: 2026 }, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('one message per empty field', () => {
  it('says only "please enter" for an empty field, never also "invalid"', () => {
    const result = schema.safeParse({ cardNumber: '', cardHolderName: '', expirationDate: '', cvv: '' });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['cardNumber', 'cardHolderName', 'expirationDate', 'cvv']);
  });
});
