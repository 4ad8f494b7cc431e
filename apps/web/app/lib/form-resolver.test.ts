import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import {
  AddressInputSchema,
  ChangePasswordSchema,
  createProfileSchema,
  LoginSchema,
  type ProfileFormValues,
} from '@winery/domain';
import { formResolver } from './form-resolver';

const options = <T extends FieldValues>(fields: Record<string, unknown> = {}) =>
  ({ fields, names: Object.keys(fields), shouldUseNativeValidation: false, criteriaMode: 'firstError' }) as unknown as ResolverOptions<T>;

const resolve = <S extends z.ZodType<unknown, FieldValues>>(schema: S, values: FieldValues) =>
  formResolver(schema)(values as z.input<S>, undefined, options());

const messages = (errors: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, (error as { message?: string }).message]));

const profile: ProfileFormValues = {
  prefix: '',
  firstName: 'Sofia',
  lastName: 'Marchetti',
  email: 'member@example.com',
  confirmEmail: 'member@example.com',
  phoneCountry: 'US',
  phone: '+1 310 555 0177',
  dateOfBirth: '1980-07-09',
  company: '',
};

describe('formResolver', () => {
  it('hands the form the parsed values: trimmed, upper-cased, defaults filled in', async () => {
    const result = await resolve(AddressInputSchema, {
      address1: '  1 Vineyard Lane ',
      address2: '',
      city: 'Oakville',
      stateCode: 'ca',
      zipCode: '94562',
      countryCode: 'us',
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      address1: '1 Vineyard Lane',
      address2: undefined,
      city: 'Oakville',
      stateCode: 'CA',
      zipCode: '94562',
      countryCode: 'US',
      isDefaultShipping: false,
      isDefaultBilling: false,
    });
  });

  it('turns each message key into the sentence the member reads', async () => {
    const result = await resolve(LoginSchema, { email: '', password: '' });
    expect(result.values).toEqual({});
    expect(messages(result.errors)).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });

  it('fills in the values an issue carries: the length limit and the minimum age', async () => {
    const address = await resolve(AddressInputSchema, {
      address1: 'ab',
      city: 'Oakville',
      stateCode: 'CA',
      zipCode: '94562',
      countryCode: 'US',
    });
    expect(messages(address.errors)).toEqual({ address1: 'This should not be shorter than 3 characters' });

    const password = await resolve(ChangePasswordSchema, {
      currentPassword: 'x',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(messages(password.errors)).toEqual({ newPassword: 'Password must be at least 8 characters' });

    const today = new Date();
    const tooYoung = `${today.getUTCFullYear() - 22}-01-01`;
    const age25 = await resolve(createProfileSchema({ minimumAge: 25 }), { ...profile, dateOfBirth: tooYoung });
    expect(messages(age25.errors)).toEqual({ dateOfBirth: 'Must be at least 25 years old' });
    const age21 = await resolve(createProfileSchema(), { ...profile, dateOfBirth: tooYoung });
    expect(age21.errors).toEqual({});
  });

  it('puts a rule about two fields on the field it names', async () => {
    const result = await resolve(ChangePasswordSchema, {
      currentPassword: 'Vintage-2026!',
      newPassword: 'Harvest-2027!',
      confirmPassword: 'Harvest-2028!',
    });
    expect(messages(result.errors)).toEqual({ confirmPassword: 'Passwords do not match' });

    const emails = await resolve(createProfileSchema(), { ...profile, confirmEmail: 'other@example.com' });
    expect(messages(emails.errors)).toEqual({ confirmEmail: 'Email addresses do not match' });
  });

  it('keeps the first message of a field when several rules fail', async () => {
    const result = await resolve(createProfileSchema(), { ...profile, phone: '555 01' });
    expect(messages(result.errors)).toEqual({ phone: 'Phone number must have exactly 10 digits' });
  });

  it('nests errors of nested fields and files form-wide issues under root', async () => {
    const schema = z
      .object({ address: z.object({ city: z.string().min(1, { error: 'cityRequired' }) }), a: z.string(), b: z.string() })
      .refine((value) => value.a === value.b, { error: 'required' });
    const nested = await resolve(schema, { address: { city: '' }, a: 'x', b: 'x' });
    expect(nested.errors).toEqual({ address: { city: { type: 'too_small', message: 'Please enter your city', ref: undefined } } });

    const root = await resolve(schema, { address: { city: 'Oakville' }, a: 'x', b: 'y' });
    expect(messages(root.errors)).toEqual({ root: 'Please fill in this field' });
  });

  it('shows a message that is not one of the validation keys as it came', async () => {
    const result = await resolve(z.object({ name: z.string({ error: 'Name, please.' }) }), {});
    expect(messages(result.errors)).toEqual({ name: 'Name, please.' });
  });

  it('attaches the field element so react-hook-form can focus it', async () => {
    const ref = { name: 'email' };
    const result = await formResolver(LoginSchema)(
      { email: '', password: 'x' },
      undefined,
      options({ email: { ref, name: 'email' } }),
    );
    expect(result.errors.email?.ref).toBe(ref);
  });
});
