import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderValidationMessage } from '../messages/validation.js';
import { fieldMessages } from '../testing/messages.js';
import { AddressInputSchema } from './address.js';
import { AllocationMetaDataInputSchema } from './allocation.js';
import { CardInputSchema } from './card.js';
import { LoginSchema } from './login.js';
import { INT4_MAX, INT4_MIN, integerInput, jsonValueInput, textInput } from './primitives.js';
import { WineInputSchema } from './staff-catalogue.js';
import { OfferingLetterSchema } from './staff-offerings.js';
import { RateTablesInputSchema } from './staff-rates.js';

const NOT_ALLOWED = 'This field contains characters that are not allowed.';
const message = (schema: z.ZodType, value: unknown) => fieldMessages(z.object({ value: schema }), { value }).value;

describe('textInput', () => {
  const line = textInput();
  const lines = textInput({ multiline: true });

  it('has plain words for what it refuses', () => {
    expect(renderValidationMessage('charactersNotAllowed')).toBe(NOT_ALLOWED);
  });

  it.each([
    ['NUL', '\u0000'],
    ['NUL inside a word', 'Rue\u0000 du Bac'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
    ['a pair in the wrong order', '\udc00\ud800'],
    ['another C0 control', 'a\u001fb'],
    ['backspace', 'a\u0008b'],
    ['escape', 'a\u001bb'],
  ])('refuses %s on one line and on several', (_, value) => {
    expect(message(line, value)).toBe(NOT_ALLOWED);
    expect(message(lines, value)).toBe(NOT_ALLOWED);
  });

  it.each([
    ['a vertical tab', 'a\u000bb'],
    ['a form feed', 'a\u000cb'],
  ])('refuses %s even in multi-line text', (_, value) => {
    expect(message(lines, value)).toBe(NOT_ALLOWED);
  });

  it('accepts a well-formed surrogate pair (an emoji), accents and other scripts', () => {
    for (const value of ['Cheers 🍷', '𝄞', 'Zoë Ølstad', '山田 太郎', 'DEL\u007f and C1\u0085 are not C0']) {
      expect(line.parse(value)).toBe(value);
    }
  });

  it('keeps tab and line breaks out of one-line text, but allows them where lines are', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(message(line, value)).toBe(NOT_ALLOWED);
      expect(lines.parse(value)).toBe(value);
    }
  });

  it('trims before checking, unless told to take the text as typed', () => {
    expect(line.parse('\t Sonoma \n')).toBe('Sonoma');
    expect(message(textInput({ trim: false }), ' Sonoma\n')).toBe(NOT_ALLOWED);
    expect(textInput({ trim: false }).parse(' Sonoma ')).toBe(' Sonoma ');
  });

  it('reports the character rule before the field’s own checks', () => {
    const named = textInput({ error: 'cityRequired' }).min(1, { error: 'cityRequired' }).max(3, { error: 'tooLong' });
    expect(message(named, 'Napa Valley\u0000')).toBe(NOT_ALLOWED);
    expect(message(named, 42)).toBe('Please enter your city');
  });

  it('shows the rule in JSON Schema, so the OpenAPI document and the input guard see it', () => {
    expect(z.toJSONSchema(line, { io: 'input' })).toMatchObject({ type: 'string', pattern: expect.stringContaining('\\u0000') });
  });
});

describe('integerInput', () => {
  it('defaults to the int4 range', () => {
    const schema = integerInput();
    expect(schema.parse(INT4_MAX)).toBe(2_147_483_647);
    expect(schema.parse(INT4_MIN)).toBe(-2_147_483_648);
    for (const value of [2_147_483_648, -2_147_483_649, 2 ** 53, Number.MAX_SAFE_INTEGER]) {
      expect(message(schema, value)).toBe('Invalid type');
    }
  });

  it('refuses fractions, strings, NaN-like values and keeps its own message for all of them', () => {
    const schema = integerInput({ min: 1, error: 'invalidQuantity' });
    for (const value of [1.5, '3', 'NaN', null, 0]) expect(message(schema, value)).toBe('Invalid quantity');
    expect(schema.parse(1)).toBe(1);
  });

  it('cannot be given bounds an int4 column cannot hold', () => {
    expect(() => integerInput({ max: INT4_MAX + 1 })).toThrow(RangeError);
    expect(() => integerInput({ min: INT4_MIN - 1 })).toThrow(RangeError);
    expect(() => integerInput({ min: 5, max: 4 })).toThrow(RangeError);
  });

  it('goes past int4 only when the column is declared int8, and says so in JSON Schema', () => {
    const schema = integerInput({ column: 'int8' });
    expect(schema.parse(2_147_483_648)).toBe(2_147_483_648);
    expect(message(schema, 2 ** 53)).toBe('Invalid type');
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ type: 'integer', format: 'int64' });
    expect(z.toJSONSchema(integerInput(), { io: 'input' })).toMatchObject({ minimum: INT4_MIN, maximum: INT4_MAX });
  });

  it('reads query-string text when asked to coerce', () => {
    const schema = integerInput({ min: 1, max: 366, coerce: true });
    expect(schema.parse('30')).toBe(30);
    for (const value of ['abc', 'NaN', 'Infinity', '2147483648', '1.5']) expect(message(schema, value)).toBe('Invalid type');
  });
});

describe('jsonValueInput', () => {
  it('takes JSON of bounded depth with safe keys and strings', () => {
    const schema = jsonValueInput(2);
    expect(schema.parse({ a: [1, 'two', null, true] })).toEqual({ a: [1, 'two', null, true] });
    expect(schema.safeParse({ a: { b: { c: 1 } } }).success).toBe(false);
    expect(schema.safeParse({ 'a\u0000': 1 }).success).toBe(false);
    expect(schema.safeParse(['\ud800']).success).toBe(false);
  });
});

describe('every form field goes through the rules (the findings of issue 11)', () => {
  const address = { address1: '12 Vineyard Road', city: 'Sonoma', stateCode: 'CA', zipCode: '95476', countryCode: 'US' };
  const rates = { taxRates: [], restrictions: [], notices: [] };
  const band = { countryCode: 'US', minBottles: 1, maxBottles: null, priceCents: 1_000 };

  it('addresses, card holders, wines and sign-in refuse NUL with the field named', () => {
    expect(fieldMessages(AddressInputSchema, { ...address, address1: '12 Vineyard\u0000 Road' })).toEqual({ address1: NOT_ALLOWED });
    expect(fieldMessages(AddressInputSchema, { ...address, city: 'Sonoma\u0000' })).toEqual({ city: NOT_ALLOWED });
    const card = { cardNumber: '4242 4242 4242 4242', cardHolderName: 'Ada\u0000', expirationDate: '12/40', cvv: '123' };
    expect(fieldMessages(CardInputSchema, card)).toEqual({ cardHolderName: NOT_ALLOWED });
    expect(fieldMessages(WineInputSchema, { name: 'Melbury\u0000', vintage: 2022 })).toEqual({ name: NOT_ALLOWED });
    expect(fieldMessages(LoginSchema, { email: 'ada@example.com', password: 'pass\u0000word' })).toEqual({ password: NOT_ALLOWED });
  });

  it('letter fields refuse a lone surrogate', () => {
    expect(fieldMessages(OfferingLetterSchema, { title: 'Spring \ud800' })).toEqual({ title: NOT_ALLOWED });
    expect(fieldMessages(OfferingLetterSchema, { paragraphs: ['ok', '\udc00'] })).toEqual({ 'paragraphs.1': NOT_ALLOWED });
    expect(fieldMessages(OfferingLetterSchema, { signature: 'Catherine\nAldermoor 🍷' })).toEqual({});
  });

  it('shipping-rate bottle counts stop at the int4 maximum', () => {
    expect(fieldMessages(RateTablesInputSchema, { ...rates, shippingRates: [{ ...band, minBottles: 2_147_483_647 }] })).toEqual({});
    expect(fieldMessages(RateTablesInputSchema, { ...rates, shippingRates: [{ ...band, minBottles: 2_147_483_648 }] })).toEqual({
      'shippingRates.0.minBottles': 'Invalid quantity',
    });
  });

  it('allocation metaData keeps extra keys, but not ones PostgreSQL cannot store', () => {
    expect(AllocationMetaDataInputSchema.parse({ 'skip-letter': true, note: 'VIP' })).toEqual({ 'skip-letter': true, note: 'VIP' });
    expect(AllocationMetaDataInputSchema.safeParse({ 'note\u0000': 'x' }).success).toBe(false);
    expect(AllocationMetaDataInputSchema.safeParse({ note: 'x\u0000' }).success).toBe(false);
    expect(AllocationMetaDataInputSchema.safeParse({ 'skip-letter': 'yes' }).success).toBe(false);
  });
});
