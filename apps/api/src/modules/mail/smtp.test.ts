import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { brands, mailQueue } from '../../db/schema/index.js';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { secretLink } from './templates/secret-link.js';

/**
 * Mail as production sends it: nodemailer over SMTP to a real SMTP server (smtp-server) on a
 * local port, received and parsed with mailparser.
 */
let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    mail: {
      smtpUrl: sink.url,
      from: '"Acme Vineyards" <no-reply@acme.example>',
      publicUrl: 'https://members.acme.example',
      workerIntervalMs: 0,
    },
  });
  await t.db.insert(brands).values({
    tenantId: t.tenantId,
    slug: 'acme',
    name: 'Acme Vineyards',
    phone: '+1 707 555 0100',
    email: 'hello@acme.example',
    addressLine1: '1 Vine Road',
    city: 'Napa',
    state: 'CA',
    postalCode: '94558',
    country: 'US',
    isPrimary: true,
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('sending over SMTP', () => {
  it('delivers a sign-in link with both parts, the link and the brand to the recipient', async () => {
    expect(t.app.mail.transport).toBe('smtp');
    const { id } = await t.app.mail.enqueue({
      tenantId: t.tenantId,
      to: 'Ada@Example.com',
      template: { kind: 'sign-in-link', firstName: 'Ada', url: secretLink('/login-by-link/', 'Zm9vYmFy-token'), expiresInMinutes: 15 },
    });
    expect(await t.app.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });

    const mail = await sink.waitForMailTo('ada@example.com');
    const link = 'https://members.acme.example/login-by-link/Zm9vYmFy-token';
    expect(mail.recipients).toEqual(['ada@example.com']);
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.sender).toBe('no-reply@acme.example');
    expect(mail.from).toBe('"Acme Vineyards" <no-reply@acme.example>');
    expect(mail.subject).toBe('Your sign-in link for Acme Vineyards');
    expect(mail.text).toContain('Dear Ada,');
    expect(mail.text).toContain('expires in 15 minutes');
    expect(mail.text).toContain('+1 707 555 0100');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('hello@acme.example');
    expect(mail.links).toEqual([link]);
    expect(mail.parsed.headers.get('x-mail-kind')).toBe('sign-in-link');

    const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, deliveryRef: mail.messageId, linkSecrets: null });
    expect(JSON.stringify(row)).not.toContain('Zm9vYmFy-token');
  });

  it('sends in the background when the worker runs, without a drain', async () => {
    const app = await buildApp({
      db: t.db,
      signingKeys: t.signingKeys,
      logLevel: 'silent',
      webRoot: null,
      mail: { smtpUrl: sink.url, publicUrl: 'https://members.acme.example', workerIntervalMs: 60_000 },
    });
    await app.ready();
    try {
      await app.mail.enqueue({ tenantId: t.tenantId, to: 'bg@example.com', template: { kind: 'password-changed', firstName: 'Bo' } });
      const mail = await sink.waitForMailTo('bg@example.com', 5_000);
      expect(mail.subject).toBe('Your Acme Vineyards password was changed');
    } finally {
      await app.close();
    }
  });

  it('keeps the message queued for a retry when the server refuses, without the password in the error', async () => {
    const guarded = await startSmtpSink({ auth: { user: 'mailer', pass: 'right-secret' } });
    const wrongUrl = guarded.url.replace('right-secret', 'wrong-secret');
    const app = await buildApp({
      db: t.db,
      signingKeys: t.signingKeys,
      logLevel: 'silent',
      webRoot: null,
      mail: { smtpUrl: wrongUrl, workerIntervalMs: 0 },
    });
    await app.ready();
    try {
      const { id } = await app.mail.enqueue({ tenantId: t.tenantId, to: 'cy@example.com', template: { kind: 'join-allocation-received', firstName: 'Cy' } });
      expect(await app.mail.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.lastError).toMatch(/EAUTH/);
      expect(row!.lastError).not.toContain('wrong-secret');
      expect(guarded.messages).toHaveLength(0);
    } finally {
      await app.close();
      await guarded.close();
    }
  });
});
