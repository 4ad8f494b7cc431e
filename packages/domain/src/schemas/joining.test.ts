import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { createFoundersListSchema, createJoinAllocationSchema, SetPasswordSchema } from './joining.js';
import { EmailOnlySchema } from './login.js';

const now = () => new Date('2026-11-22T12:00:00Z');
const join = createJoinAllocationSchema({ now });
const founders = createFoundersListSchema({ now });

const prospect = {
  prefix: '',
  firstName: 'Marguerite',
  lastName: 'Okonkwo',
  email: 'marguerite@example.org',
  confirmEmail: 'marguerite@example.org',
  phoneCountry: 'US',
  phone: '(917) 555-0133',
  dateOfBirth: '1979-03-14',
  company: '',
  address1: '55 Water Street',
  city: 'Brooklyn',
  stateCode: 'ny',
  zipCode: '11201',
  countryCode: 'US',
};

describe('Join Allocation', () => {
  it('accepts a prospect and normalises the state', () => {
    expect(join.parse(prospect)).toMatchObject({ stateCode: 'NY', company: undefined, prefix: undefined });
  });

  it('says what is missing, in the seed’s words', () => {
    expect(fieldMessages(join, {})).toMatchObject({
      firstName: 'Please enter your first name',
      lastName: 'Please enter your last name',
      email: 'Please enter your email address',
      phone: 'Please enter your phone number',
      address1: 'Please enter your street address',
      city: 'Please enter your city',
      zipCode: 'Please enter your zip code',
      countryCode: 'Please choose your country',
    });
  });

  it('applies the person and address rules together', () => {
    expect(
      fieldMessages(join, { ...prospect, confirmEmail: 'm@example.org', phone: '555-0133', dateOfBirth: '2006-01-01', zipCode: '1120' }),
    ).toEqual({
      confirmEmail: 'Email addresses do not match',
      phone: 'Phone number must have exactly 10 digits',
      dateOfBirth: 'Must be at least 21 years old',
      zipCode: 'Please enter a valid zip or postal code for this country',
    });
  });
});

describe("Founder's List", () => {
  it('requires an ideal allocation', () => {
    expect(fieldMessages(founders, { ...prospect, idealAllocation: '  ' })).toEqual({
      idealAllocation: 'Please tell us your ideal allocation',
    });
    expect(fieldMessages(founders, { ...prospect, idealAllocation: 'Six bottles of Melbury each spring' })).toEqual({});
  });
});

describe('passwords by link', () => {
  const token = 'x'.repeat(43);
  it('wants 8 to 64 characters, twice the same', () => {
    expect(fieldMessages(SetPasswordSchema, { token, password: 'Long-enough-1', confirmPassword: 'Long-enough-2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(fieldMessages(SetPasswordSchema, { token, password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });

  it('takes only an e-mail to ask for a link', () => {
    expect(fieldMessages(EmailOnlySchema, { email: 'nope' })).toEqual({ email: 'Please enter a valid email address' });
  });
});
