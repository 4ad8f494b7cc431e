import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/**
 * The whole journey as a member makes it: ask for a sign-in link, receive the e-mail over real
 * SMTP (nodemailer → a local SMTP server), follow its link, and be signed in, once.
 */
let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    uniformAnswerMs: 0,
    mail: { smtpUrl: sink.url, publicUrl: 'https://members.acme.example', workerIntervalMs: 0 },
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const exchange = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/customer/link/exchange',
    headers: { tenant: TEST_TENANT },
    payload: { token, purpose: 'login' },
  });

describe('sign-in link over SMTP', () => {
  it('arrives by e-mail, signs the member in through its link, and works only once', async () => {
    const member = await t.createCustomer({ firstName: 'Imogen' });
    const requested = await t.app.inject({
      method: 'POST',
      url: '/v1/customer/login-link',
      headers: { tenant: TEST_TENANT },
      payload: { email: member.email },
    });
    expect(requested.statusCode).toBe(202);
    expect(await t.app.mail.drain()).toMatchObject({ sent: 1, failed: 0 });

    const mail = await sink.waitForMailTo(member.email);
    expect(mail.text).toContain('Dear Imogen,');
    const link = mail.links.find((url) => url.startsWith('https://members.acme.example/login-by-link/'));
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    const token = new URL(link!).pathname.split('/').at(-1)!;

    const signedIn = await exchange(token);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json() as { token: string; customerId: string };
    expect(session.customerId).toBe(member.id);
    const self = await t.app.inject({
      method: 'GET',
      url: `/v1/customer/${member.id}`,
      headers: { tenant: TEST_TENANT, authorization: session.token },
    });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: member.id, email: member.email });

    const again = await exchange(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ type: 'validationError', message: 'This link has expired or was already used.' });
  });
});
