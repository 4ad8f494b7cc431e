import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brands, mailQueue } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, UNREADABLE_SECRETS, UNRENDERABLE } from './mail-worker.js';
import { findMailBrand, insertMail } from './mail.repository.js';
import { renderMail } from './render-mail.js';
import type { MailTemplate } from './templates/mail-templates.js';
import { createMailService } from './mail.service.js';
import { secretLink } from './templates/secret-link.js';
import type { MailTransport, OutgoingMail } from './transports.js';

/** A transport the test steers: it records what it sends and fails while `failures` > 0. */
function createScriptedTransport(name = 'scripted') {
  const sent: OutgoingMail[] = [];
  let sending!: () => void;
  /** Settles when the first message reaches the transport: the worker has it in hand. */
  const firstInHand = new Promise<void>((resolve) => {
    sending = resolve;
  });
  const transport = {
    name,
    description: `${name} (test)`,
    failures: 0,
    failWith: () => new Error('connect ECONNREFUSED 127.0.0.1:2525'),
    delayMs: 0,
    sent,
    firstInHand,
    async send(mail: OutgoingMail) {
      sending();
      if (transport.delayMs) await new Promise((resolve) => setTimeout(resolve, transport.delayMs));
      if (transport.failures > 0) {
        transport.failures -= 1;
        throw transport.failWith();
      }
      sent.push(mail);
      return { ref: `<${mail.id}@test>` };
    },
  } satisfies MailTransport & Record<string, unknown>;
  return transport;
}

const transport = createScriptedTransport();
let clock = new Date();
let t: TestApp;

const TOKEN = 'Zm9vYmFyLXNlY3JldC10b2tlbi0xMjM0NTY3ODkwYWJjZGVm';
const signInLink = (to = 'ada@example.com', token = TOKEN, firstName = 'Ada') =>
  ({
    tenantId: t.tenantId,
    to,
    template: { kind: 'sign-in-link', firstName, url: secretLink('/login-by-link/', token), expiresInMinutes: 15 },
  }) as const;
const rowOf = async (id: string) => (await t.db.select().from(mailQueue).where(eq(mailQueue.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    // No background passes: every send in this file happens in an explicit drain.
    mail: { transport, workerIntervalMs: 0, publicUrl: 'https://members.example.com' },
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
afterAll(async () => t?.close());

beforeEach(async () => {
  clock = new Date();
  transport.failures = 0;
  transport.delayMs = 0;
  transport.sent.length = 0;
  await t.db.delete(mailQueue);
});

describe('enqueue', () => {
  it('stores one rendered message, signed by the primary brand, and sends nothing inline', async () => {
    const { id } = await t.app.mail.enqueue(signInLink());
    expect(transport.sent).toHaveLength(0);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      tenantId: t.tenantId,
      kind: 'sign-in-link',
      toAddress: 'ada@example.com',
      subject: 'Your sign-in link for Acme Vineyards',
      status: 'queued',
      attempts: 0,
    });
    expect(row.textBody).toContain('Dear Ada,');
    expect(row.textBody).toContain('hello@acme.example');
  });

  it('keeps no usable link in the row: a placeholder in both bodies, the token sealed beside them', async () => {
    const { id } = await t.app.mail.enqueue(signInLink());
    const row = await rowOf(id);
    expect(row.textBody).toMatch(/\nhttps:\/\/members\.example\.com\/login-by-link\/\{\{link:0:[0-9a-f]{12}\}\}\n/);
    expect(row.htmlBody).toMatch(/href="https:\/\/members\.example\.com\/login-by-link\/\{\{link:0:[0-9a-f]{12}\}\}"/);
    expect(row.linkSecrets).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const value of Object.values(row)) expect(JSON.stringify(value) ?? '').not.toContain(TOKEN);

    // Sealed with a fresh IV each time: the same token never looks the same twice.
    const again = await rowOf((await t.app.mail.enqueue(signInLink())).id);
    expect(again.linkSecrets).not.toBe(row.linkSecrets);
  });

  it('commits with the caller’s transaction, and a rolled-back transaction sends nothing', async () => {
    const rollback = new Error('the request failed after queueing its mail');
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.mail.enqueue(signInLink('rolled-back@example.com'), tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await t.db.transaction(async (tx) => {
      await t.app.mail.enqueue(signInLink('committed@example.com'), tx);
    });

    expect(await t.app.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(transport.sent.map((m) => m.to)).toEqual(['committed@example.com']);
    expect(await t.db.select().from(mailQueue)).toHaveLength(1);
  });

  it('names the transport', () => {
    expect(t.app.mail.transport).toBe('scripted');
    expect(t.app.mail.link('/magic-link/1')).toBe('https://members.example.com/magic-link/1');
  });
});

describe('prepare: a receipt kept as its data, rendered when sent (ADR 026)', () => {
  const receipt: MailTemplate = {
    kind: 'order-confirmation',
    firstName: 'Ada',
    orderNumber: 'AE-12345678',
    offeringName: 'Spring Release',
    placedAt: '2026-11-25T10:00:00.000Z',
    lines: [{ name: 'Quella', vintage: 2021, sizeMl: 750, quantity: 3, unitPriceCents: 18_500 }],
    totals: { subtotalCents: 55_500, shippingCents: 4_500, taxCents: 4_024, totalCents: 64_024, shippingLabel: 'shipping', taxLabel: 'salesTax' },
    delivery: { method: 'shipping', address: ['12 Vineyard Road', 'Sonoma, CA 95476', 'US'] },
    card: { brand: 'visa', last4: '4242' },
    giftMessage: null,
    addsToNumber: null,
  };

  it('stores the data and the brand with no bodies; the worker sends what enqueue would have, and keeps it', async () => {
    const brand = await findMailBrand(t.db, t.tenantId);
    const prepared = t.app.mail.prepare({ tenantId: t.tenantId, to: 'ada@example.com', template: receipt }, brand);
    await insertMail(t.db, prepared);
    expect(await rowOf(prepared.id)).toMatchObject({ status: 'queued', subject: '', textBody: '', htmlBody: '', linkSecrets: null, template: { template: receipt, brand } });

    expect(await t.app.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const expected = await renderMail(receipt, { brand, publicUrl: 'https://members.example.com' });
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ to: 'ada@example.com', kind: 'order-confirmation', subject: expected.subject, text: expected.text, html: expected.html });
    expect(expected.html).toContain('Acme Vineyards');
    expect(await rowOf(prepared.id)).toMatchObject({ status: 'sent', subject: expected.subject, textBody: expected.text, htmlBody: expected.html, template: null });
  });

  it('refuses a template with a secret link: its token would be stored as it is', async () => {
    const brand = await findMailBrand(t.db, t.tenantId);
    expect(() => t.app.mail.prepare(signInLink(), brand)).toThrow(/secret link/);
  });

  it('fails for good, sending nothing, a kept message that cannot be rendered', async () => {
    const brand = await findMailBrand(t.db, t.tenantId);
    const prepared = t.app.mail.prepare({ tenantId: t.tenantId, to: 'ada@example.com', template: receipt }, brand);
    await insertMail(t.db, { ...prepared, template: { template: { kind: 'order-confirmation' }, brand } });
    expect(await t.app.mail.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(transport.sent).toHaveLength(0);
    expect(await rowOf(prepared.id)).toMatchObject({ status: 'failed', lastError: UNRENDERABLE });
  });
});

describe('the worker', () => {
  it('sends what is due once and marks it sent with the transport’s reference', async () => {
    const { id } = await t.app.mail.enqueue(signInLink());
    expect(await t.app.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await t.app.mail.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ id, to: 'ada@example.com', kind: 'sign-in-link' });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: clock, deliveryRef: `<${id}@test>`, lastError: null });
  });

  it('puts the link back for the recipient only, and erases the secret as it marks the row sent', async () => {
    const { id } = await t.app.mail.enqueue(signInLink());
    await t.app.mail.drain();
    const link = `https://members.example.com/login-by-link/${TOKEN}`;
    const [sent] = transport.sent;
    expect(sent!.text).toContain(`\n${link}\n`);
    expect(sent!.html.match(new RegExp(`href="${link}"`, 'g'))).toHaveLength(2);
    expect(sent!.text).not.toContain('{{link');

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', linkSecrets: null });
    expect(row.textBody).toContain('/login-by-link/{{link:0:');
    for (const value of Object.values(row)) expect(JSON.stringify(value) ?? '').not.toContain(TOKEN);
  });

  it('fills only its own placeholders, never look-alikes a member typed', async () => {
    await t.app.mail.enqueue(signInLink('ada@example.com', TOKEN, 'Ada {{link:0}} {{link:0:000000000000}}'));
    await t.app.mail.drain();
    const text = transport.sent[0]!.text;
    expect(text).toContain('Dear Ada {{link:0}} {{link:0:000000000000}},');
    expect(text.split(TOKEN)).toHaveLength(2);
  });

  it('sends nothing and keeps nothing when the secret was sealed under another key', async () => {
    const other = createMailService({
      db: t.db,
      transport: createScriptedTransport('other-key'),
      linkKey: generateKeyPairSync('ed25519').privateKey,
      publicUrl: 'https://members.example.com',
      now: () => clock,
      log: t.app.log,
      workerIntervalMs: 0,
    });
    const { id } = await other.enqueue(signInLink());
    expect(await t.app.mail.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(transport.sent).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, linkSecrets: null, lastError: UNREADABLE_SECRETS });
  });

  it('sends nothing when a queued row is readdressed or given another row’s secret', async () => {
    const { id: readdressed } = await t.app.mail.enqueue(signInLink('ada@example.com'));
    const { id: bobs } = await t.app.mail.enqueue(signInLink('bob@example.com', 'b0b-token'));
    const { id: thiefs } = await t.app.mail.enqueue(signInLink('thief@example.com', 'thief-token'));
    await t.db.update(mailQueue).set({ toAddress: 'thief@example.com' }).where(eq(mailQueue.id, readdressed));
    await t.db.update(mailQueue).set({ linkSecrets: (await rowOf(bobs)).linkSecrets }).where(eq(mailQueue.id, thiefs));

    expect(await t.app.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 2 });
    expect(transport.sent.map((mail) => mail.to)).toEqual(['bob@example.com']);
    expect(transport.sent[0]!.text).toContain('/login-by-link/b0b-token');
    for (const id of [readdressed, thiefs]) expect(await rowOf(id)).toMatchObject({ status: 'failed', linkSecrets: null });
  });

  it('retries a failed send with back-off, then sends it', async () => {
    transport.failures = 2;
    const { id } = await t.app.mail.enqueue(signInLink());
    const start = clock.getTime();

    expect(await t.app.mail.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Error: connect ECONNREFUSED 127.0.0.1:2525' });
    // Kept while a retry may still need it.
    expect(row.linkSecrets).not.toBeNull();
    expect(row.nextAttemptAt.getTime()).toBe(start + 30_000);

    // Not due yet: nothing happens a second before the retry.
    clock = new Date(start + 29_000);
    expect(await t.app.mail.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    clock = new Date(start + 30_000);
    expect(await t.app.mail.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + 2 * 60_000);

    clock = new Date(clock.getTime() + 2 * 60_000);
    expect(await t.app.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null, sentAt: clock });
    expect(transport.sent).toHaveLength(1);
  });

  it('marks a message failed after the last attempt, keeping an error without secrets', async () => {
    transport.failures = Number.POSITIVE_INFINITY;
    transport.failWith = () =>
      Object.assign(new Error('Invalid login: 535 Authentication failed for smtp://mailer:hunter2@smtp.example:587'), {
        code: 'EAUTH',
      });
    const { id } = await t.app.mail.enqueue(signInLink());

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const result = await t.app.mail.drain();
      expect(result).toEqual(attempt < MAX_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 });
      if (attempt < MAX_ATTEMPTS) clock = new Date(clock.getTime() + RETRY_DELAYS_MS[attempt - 1]!);
    }
    const row = await rowOf(id);
    // A message that will never be sent keeps no secret either.
    expect(row).toMatchObject({ status: 'failed', attempts: 6, sentAt: null, linkSecrets: null });
    expect(row.lastError).toBe('Error (EAUTH): Invalid login: 535 Authentication failed for smtp://***@smtp.example:587');
    expect(row.lastError).not.toContain('hunter2');

    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    expect(await t.app.mail.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    transport.failWith = () => new Error('connect ECONNREFUSED 127.0.0.1:2525');
  });

  it('never sends a row twice when several workers drain at once (several API instances)', async () => {
    const count = 40;
    for (let i = 0; i < count; i += 1) await t.app.mail.enqueue(signInLink(`member-${i}@example.com`));
    // Two more workers on the same database, as in two other processes, plus the app's own.
    const others = [createScriptedTransport('a'), createScriptedTransport('b')];
    for (const other of others) other.delayMs = 3;
    transport.delayMs = 3;
    const workers = others.map((other) =>
      createMailService({
        db: t.db,
        transport: other,
        linkKey: t.signingKeys.privateKey,
        publicUrl: 'https://members.example.com',
        now: () => clock,
        log: t.app.log,
        workerIntervalMs: 0,
      }),
    );

    const results = await Promise.all([t.app.mail.drain(), ...workers.map((worker) => worker.drain())]);

    const sentIds = [...transport.sent, ...others.flatMap((other) => other.sent)].map((m) => m.id);
    expect(sentIds).toHaveLength(count);
    expect(new Set(sentIds).size).toBe(count);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(count);
    const rows = await t.db.select().from(mailQueue);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    // Every instance opened what another sealed: they share the server's key.
    expect([...transport.sent, ...others.flatMap((other) => other.sent)].every((mail) => mail.text.includes(TOKEN))).toBe(true);
  });
});

describe('background sending', () => {
  it('sends new mail at once, without a drain, when the worker runs', async () => {
    const background = createScriptedTransport('background');
    const service = createMailService({
      db: t.db,
      transport: background,
      linkKey: t.signingKeys.privateKey,
      publicUrl: 'https://members.example.com',
      now: () => new Date(),
      log: t.app.log,
      workerIntervalMs: 60_000,
    });
    service.start();
    try {
      const { id } = await service.enqueue(signInLink('kicked@example.com'));
      await expect.poll(() => background.sent.map((m) => m.id), { timeout: 5_000 }).toEqual([id]);
      // After a transaction, the kick waits for the commit.
      const { id: second } = await t.db.transaction((tx) => service.enqueue(signInLink('after-commit@example.com'), tx));
      await expect.poll(() => background.sent.map((m) => m.id), { timeout: 5_000 }).toEqual([id, second]);
    } finally {
      await service.stop();
    }
  });

  it('on close, finishes the message in hand and puts the rest of its batch back', async () => {
    const slow = createScriptedTransport('slow');
    slow.delayMs = 150;
    const service = createMailService({
      db: t.db,
      transport: slow,
      linkKey: t.signingKeys.privateKey,
      publicUrl: 'https://members.example.com',
      now: () => clock,
      log: t.app.log,
      workerIntervalMs: 0,
    });
    for (let i = 0; i < 4; i += 1) await service.enqueue(signInLink(`closing-${i}@example.com`));
    const draining = service.drain();
    // Close while the first message is in the transport's hands (not after a fixed wait, which a
    // slow machine can spend before the pass has claimed its batch).
    await slow.firstInHand;
    await service.stop();

    expect(await draining).toEqual({ sent: 1, retried: 0, failed: 0 });
    const rows = await t.db.select().from(mailQueue);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(1);
    const back = rows.filter((row) => row.status === 'queued');
    expect(back).toHaveLength(3);
    expect(back.every((row) => row.attempts === 0 && row.nextAttemptAt.getTime() <= clock.getTime())).toBe(true);
    // Any other instance sends them at once.
    expect(await t.app.mail.drain()).toEqual({ sent: 3, retried: 0, failed: 0 });
  });
});
