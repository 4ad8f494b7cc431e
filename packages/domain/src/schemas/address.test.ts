import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { addressPhoneCountry, AddressInputSchema, ChooseAddressSchema, isPostalCodeValid, RECIPIENT_NAME_MAX_LENGTH } from './address.js';

const napa = { address1: '1 Vineyard Lane', city: 'Napa', stateCode: 'CA', zipCode: '94558', countryCode: 'US' };

describe('AddressInputSchema', () => {
  it('accepts an address, upper-casing the state and country and defaulting the flags', () => {
    expect(AddressInputSchema.parse({ ...napa, stateCode: 'ca', countryCode: 'us', address2: '' })).toEqual({
      ...napa,
      address2: undefined,
      recipientName: undefined,
      phone: undefined,
      isDefaultShipping: false,
      isDefaultBilling: false,
    });
  });

  it('asks for every required field with its own words', () => {
    expect(fieldMessages(AddressInputSchema, { address1: '', city: '', stateCode: '', zipCode: '', countryCode: '' })).toEqual({
      address1: 'Please enter your street address',
      city: 'Please enter your city',
      zipCode: 'Please enter your zip code',
      countryCode: 'Please choose your country',
    });
    expect(fieldMessages(AddressInputSchema, { ...napa, stateCode: '' })).toEqual({ stateCode: 'Please enter your state' });
  });

  it('wants a street line of at least 3 characters and no more than 100', () => {
    expect(fieldMessages(AddressInputSchema, { ...napa, address1: '1 A' })).toEqual({});
    expect(fieldMessages(AddressInputSchema, { ...napa, address1: '1A' })).toEqual({
      address1: 'This should not be shorter than 3 characters',
    });
    expect(fieldMessages(AddressInputSchema, { ...napa, address1: 'x'.repeat(101) })).toEqual({ address1: 'This text is too long' });
  });

  it('checks the state against the country list where the country has one', () => {
    expect(fieldMessages(AddressInputSchema, { ...napa, stateCode: 'ZZ' })).toEqual({ stateCode: 'Please choose a state from the list' });
    expect(fieldMessages(AddressInputSchema, { ...napa, countryCode: 'CA', stateCode: 'BC', zipCode: 'V6B 1A1' })).toEqual({});
    expect(fieldMessages(AddressInputSchema, { ...napa, countryCode: 'FR', stateCode: '', zipCode: '75001' })).toEqual({});
  });

  it('checks postal codes per country', () => {
    expect(fieldMessages(AddressInputSchema, { ...napa, zipCode: '9455' })).toEqual({
      zipCode: 'Please enter a valid zip or postal code for this country',
    });
    expect(isPostalCodeValid('94558-1234', 'US')).toBe(true);
    expect(isPostalCodeValid('SW1A 1AA', 'GB')).toBe(true);
    expect(isPostalCodeValid('94558', 'GB')).toBe(false);
    expect(isPostalCodeValid('V6B 1A1', 'CA')).toBe(true);
    expect(isPostalCodeValid('2000', 'AU')).toBe(true);
  });

  it('reports every problem at once, not one at a time', () => {
    expect(Object.keys(fieldMessages(AddressInputSchema, { ...napa, city: '', stateCode: 'ZZ', zipCode: '1' }))).toEqual([
      'city',
      'stateCode',
      'zipCode',
    ]);
  });
});

describe('recipient and phone', () => {
  it('keeps a recipient, trimmed, and a phone in its international form', () => {
    expect(AddressInputSchema.parse({ ...napa, recipientName: '  Sam Carter ', phone: '(707) 555-0142' })).toMatchObject({
      recipientName: 'Sam Carter',
      phone: '+1 707 555 0142',
    });
    expect(AddressInputSchema.parse({ ...napa, recipientName: '', phone: ' ' })).toMatchObject({ recipientName: undefined, phone: undefined });
    // A stored number, sent back unchanged by an edit, stays as it is.
    expect(AddressInputSchema.parse({ ...napa, phone: '+1 707 555 0142' }).phone).toBe('+1 707 555 0142');
  });

  it("checks a national number by the address's country: ten digits in North America", () => {
    expect(fieldMessages(AddressInputSchema, { ...napa, phone: '707 555 014' })).toEqual({ phone: 'Phone number must have exactly 10 digits' });
    expect(fieldMessages(AddressInputSchema, { ...napa, countryCode: 'GB', stateCode: '', zipCode: 'SW1A 1AA', phone: '020 7946' })).toEqual({
      phone: 'Please enter a valid phone number for the country code',
    });
    expect(fieldMessages(AddressInputSchema, { ...napa, countryCode: 'GB', stateCode: '', zipCode: 'SW1A 1AA', phone: '020 7946 0958' })).toEqual({});
  });

  it('takes an international number of another country (a recipient abroad), if it is valid there', () => {
    expect(AddressInputSchema.parse({ ...napa, phone: '+44 20 7946 0958' }).phone).toBe('+44 20 7946 0958');
    expect(fieldMessages(AddressInputSchema, { ...napa, phone: '+44 20 7946' })).toEqual({ phone: 'Please enter a valid phone number for the country code' });
    expect(addressPhoneCountry('+44 20 7946 0958', 'US')).toBe('GB');
    expect(addressPhoneCountry('707 555 0142', 'US')).toBe('US');
  });

  it('limits a recipient to 100 characters', () => {
    expect(fieldMessages(AddressInputSchema, { ...napa, recipientName: 'x'.repeat(RECIPIENT_NAME_MAX_LENGTH + 1) })).toEqual({ recipientName: 'This text is too long' });
  });
});

describe('ChooseAddressSchema', () => {
  it('knows shipping and billing only', () => {
    expect(ChooseAddressSchema.safeParse({ purpose: 'shipping' }).success).toBe(true);
    expect(fieldMessages(ChooseAddressSchema, { purpose: 'gift' })).toEqual({ purpose: 'Invalid type' });
  });
});
