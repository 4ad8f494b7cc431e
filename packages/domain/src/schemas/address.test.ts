import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { AddressInputSchema, ChooseAddressSchema, isPostalCodeValid } from './address.js';

const napa = { address1: '1 Vineyard Lane', city: 'Napa', stateCode: 'CA', zipCode: '94558', countryCode: 'US' };

describe('AddressInputSchema', () => {
  it('accepts an address, upper-casing the state and country and defaulting the flags', () => {
    expect(AddressInputSchema.parse({ ...napa, stateCode: 'ca', countryCode: 'us', address2: '' })).toEqual({
      ...napa,
      address2: undefined,
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

describe('ChooseAddressSchema', () => {
  it('knows shipping and billing only', () => {
    expect(ChooseAddressSchema.safeParse({ purpose: 'shipping' }).success).toBe(true);
    expect(fieldMessages(ChooseAddressSchema, { purpose: 'gift' })).toEqual({ purpose: 'Invalid type' });
  });
});
