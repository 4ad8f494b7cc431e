import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, sessions } from '../../db/schema/index.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    loginLimits: { currentPassword: { max: 3, windowMs: 60_000 }, perIp: { max: 50, windowMs: 60_000 } },
  });
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'Barrel-Room-1987';

const change = (customerId: string, token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/customer/${customerId}/password`,
    headers: { tenant: TEST_TENANT, authorization: token },
    payload: payload as Record<string, unknown>,
  });

const getSelf = (customerId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/v1/customer/${customerId}`, headers: { tenant: TEST_TENANT, authorization: token } });

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/customer/login',
    headers: { tenant: TEST_TENANT },
    remoteAddress: '198.51.100.7',
    payload: { email, password },
  });

describe('POST /v1/customer/{customerId}/password', () => {
  it('sets the new password and signs out every other device, keeping this one', async () => {
    const member = await t.createCustomer();
    const laptop = await t.signIn(member.email);
    const phone = await t.signIn(member.email);
    const tablet = await t.signIn(member.email);
    const bystander = await t.createCustomer();
    const bystanderToken = await t.signIn(bystander.email);

    const response = await change(member.id, laptop, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await getSelf(member.id, laptop)).statusCode).toBe(200);
    for (const other of [phone, tablet]) {
      const answer = await getSelf(member.id, other);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ type: 'unauthorized' });
    }
    // Another member's sessions are not touched.
    expect((await getSelf(bystander.id, bystanderToken)).statusCode).toBe(200);

    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, member.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toBe(member.passwordHash);
    expect(row!.passwordHash).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const other = await t.signIn(member.email);
    const response = await change(member.id, token, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'Please check the highlighted fields',
      errors: [{ field: 'currentPassword', code: 'currentPasswordIncorrect', message: 'Your current password is not correct' }],
    });
    expect((await getSelf(member.id, other)).statusCode).toBe(200);
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the current password as the new one, on the new password, and ends no session (issue 15)', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const other = await t.signIn(member.email);
    const response = await change(member.id, token, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'Please check the highlighted fields',
      errors: [{ field: 'newPassword', code: 'newPasswordSameAsCurrent', message: 'Your new password must be different from your current one.' }],
    });
    // Nothing changed: the other device is still signed in, the hash is the same.
    expect((await getSelf(member.id, other)).statusCode).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, member.id));
    expect(row!.passwordHash).toBe(member.passwordHash);
  });

  it.each(['password1', 'Password1', 'iloveyou1', '12345678'])('refuses the common password %s', async (common) => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const response = await change(member.id, token, { currentPassword: TEST_PASSWORD, newPassword: common, confirmPassword: common });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'newPassword', code: 'passwordTooCommon', message: 'This password is too common. Please choose another.' },
    ]);
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD, confirmPassword: 'Barrel-Room-1988' }, 'confirmPassword', 'passwordsDoNotMatch', 'Passwords do not match'],
    [{ newPassword: 'Short-1', confirmPassword: 'Short-1' }, 'newPassword', 'passwordTooShort', 'Password must be at least 8 characters'],
    [{ newPassword: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) }, 'newPassword', 'passwordTooLong', 'Password must be at most 64 characters'],
    [{ newPassword: '', confirmPassword: '' }, 'newPassword', 'newPasswordRequired', 'Please enter a new password'],
  ])('refuses %o with the form message', async (passwords, field, code, message) => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const response = await change(member.id, token, { currentPassword: TEST_PASSWORD, ...passwords });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([{ field, code, message }]));
  });

  it('limits wrong current passwords per member (then 429), without blocking the sign-in', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await change(member.id, token, {
        currentPassword: `guess-${i}`,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await change(member.id, token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      type: 'rateLimited',
      message: 'Too many attempts with a wrong password. Please wait a few minutes and try again.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Only a signed-in session can spend this budget, and it shuts no door of the owner's (ADR 012).
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a right current password costs nothing from the budget', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const wrong = { currentPassword: 'not-it', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const common = { currentPassword: TEST_PASSWORD, newPassword: 'password1', confirmPassword: 'password1' };
    for (let i = 0; i < 2; i += 1) expect((await change(member.id, token, wrong)).statusCode).toBe(400);
    // Right current password, refused new one: four of these would be over a budget of three.
    for (let i = 0; i < 4; i += 1) expect((await change(member.id, token, common)).json().errors[0].code).toBe('passwordTooCommon');
    expect((await change(member.id, token, wrong)).statusCode).toBe(400);
    expect((await change(member.id, token, wrong)).statusCode).toBe(429);
  });

  it("answers 403 for another member's id and leaves their password alone", async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const other = await t.createCustomer();
    const response = await change(other.id, token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 without a token, and for a token already signed out', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const payload = { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const none = await t.app.inject({
      method: 'POST',
      url: `/v1/customer/${member.id}/password`,
      headers: { tenant: TEST_TENANT },
      payload,
    });
    expect(none.statusCode).toBe(401);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.customerId, member.id));
    expect((await change(member.id, token, payload)).statusCode).toBe(401);
  });
});
