import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { ageOn, formatPhone, parseIsoDate, phoneCountryOf, phoneProblem } from './fields.js';
import { createProfileSchema, ProfileSchema } from './profile.js';

const today = new Date('2026-11-22T12:00:00Z');
const schema = createProfileSchema({ now: () => today });

const valid = {
  prefix: 'Ms.',
  firstName: 'Ada',
  lastName: 'Vintner',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phoneCountry: 'US',
  phone: '707 555 0100',
  dateOfBirth: '1980-05-17',
  company: '',
};

describe('ProfileSchema', () => {
  it('accepts a complete profile, trimming and leaving optional fields out', () => {
    expect(schema.parse({ ...valid, firstName: '  Ada ', company: '', prefix: '' })).toMatchObject({
      firstName: 'Ada',
      prefix: undefined,
      company: undefined,
      phoneCountry: 'US',
    });
  });

  it('asks for every required field with its own words', () => {
    expect(fieldMessages(schema, { prefix: '', firstName: '', lastName: '', email: '', confirmEmail: '', phoneCountry: 'US', phone: '', dateOfBirth: '', company: '' })).toEqual({
      firstName: 'Please enter your first name',
      lastName: 'Please enter your last name',
      email: 'Please enter your email address',
      confirmEmail: 'Please fill in this field',
      phone: 'Please enter your phone number',
      dateOfBirth: 'Please fill in this field',
    });
  });

  it('refuses names that are not names, and text that is too long', () => {
    expect(fieldMessages(schema, { ...valid, firstName: 'Ada2', lastName: '<b>' })).toEqual({
      firstName: 'Please enter a valid first name',
      lastName: 'Please enter a valid last name',
    });
    expect(fieldMessages(schema, { ...valid, firstName: 'A'.repeat(51), company: 'C'.repeat(101) })).toEqual({
      firstName: 'This text is too long',
      company: 'This text is too long',
    });
    expect(fieldMessages(schema, { ...valid, firstName: 'A'.repeat(50), lastName: "O'Brien-Núñez" })).toEqual({});
  });

  it('checks the e-mail and that the confirmation matches, ignoring case', () => {
    expect(fieldMessages(schema, { ...valid, email: 'not-an-email', confirmEmail: 'not-an-email' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(fieldMessages(schema, { ...valid, confirmEmail: 'ADA@example.com ' })).toEqual({});
    expect(fieldMessages(schema, { ...valid, confirmEmail: 'ada@example.org' })).toEqual({
      confirmEmail: 'Email addresses do not match',
    });
  });

  it('checks the phone number for its country, with exactly 10 digits in North America', () => {
    expect(fieldMessages(schema, { ...valid, phone: '707 555 010' })).toEqual({ phone: 'Phone number must have exactly 10 digits' });
    expect(fieldMessages(schema, { ...valid, phone: '707 555 01000' })).toEqual({ phone: 'Phone number must have exactly 10 digits' });
    expect(fieldMessages(schema, { ...valid, phone: '(707) 555-0100' })).toEqual({});
    expect(fieldMessages(schema, { ...valid, phone: '+1 707 555 0100' })).toEqual({});
    expect(fieldMessages(schema, { ...valid, phoneCountry: 'GB', phone: '020 7946 0958' })).toEqual({});
    expect(fieldMessages(schema, { ...valid, phoneCountry: 'GB', phone: '020 7946' })).toEqual({
      phone: 'Please enter a valid phone number for the country code',
    });
    // A valid number of another country is not a number for the chosen one.
    expect(fieldMessages(schema, { ...valid, phoneCountry: 'FR', phone: '+44 20 7946 0958' })).toEqual({
      phone: 'Please enter a valid phone number for the country code',
    });
  });

  it('is 21 on the birthday itself and not the day before (default minimum age)', () => {
    expect(fieldMessages(schema, { ...valid, dateOfBirth: '2005-11-22' })).toEqual({});
    expect(fieldMessages(schema, { ...valid, dateOfBirth: '2005-11-23' })).toEqual({
      dateOfBirth: 'Must be at least 21 years old',
    });
  });

  it('takes a configured minimum age', () => {
    const eighteen = createProfileSchema({ minimumAge: 18, now: () => today });
    expect(fieldMessages(eighteen, { ...valid, dateOfBirth: '2008-11-22' })).toEqual({});
    expect(fieldMessages(eighteen, { ...valid, dateOfBirth: '2008-11-23' })).toEqual({
      dateOfBirth: 'Must be at least 18 years old',
    });
  });

  it('refuses dates that do not exist or lie in the future', () => {
    for (const dateOfBirth of ['1980-02-30', '17/05/1980', '1899-12-31', '2027-01-01']) {
      expect(fieldMessages(schema, { ...valid, dateOfBirth })).toEqual({ dateOfBirth: 'Please enter a valid birth date' });
    }
  });

  it('refuses an unknown prefix and an unknown phone country', () => {
    expect(fieldMessages(ProfileSchema, { ...valid, prefix: 'Lord' })).toEqual({ prefix: 'Please choose a prefix from the list' });
    expect(fieldMessages(ProfileSchema, { ...valid, phoneCountry: 'XX' })).toMatchObject({ phoneCountry: 'Please choose your country' });
  });
});

describe('phone helpers', () => {
  it('store numbers in international form and find their country again', () => {
    expect(formatPhone('(707) 555-0100', 'US')).toBe('+1 707 555 0100');
    expect(phoneCountryOf('+44 20 7946 0958')).toBe('GB');
    expect(phoneCountryOf(null)).toBeUndefined();
    expect(phoneProblem('707 555 0100', 'ZZ')).toBe('phoneInvalid');
  });
});

describe('dates', () => {
  it('counts whole years on calendar dates', () => {
    const birth = parseIsoDate('2004-02-29')!;
    expect(ageOn(birth, new Date('2025-02-28T23:59:59Z'))).toBe(20);
    expect(ageOn(birth, new Date('2025-03-01T00:00:00Z'))).toBe(21);
    expect(parseIsoDate('2023-02-29')).toBeNull();
  });
});
