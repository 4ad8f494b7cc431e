import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { mailQueue } from '../db/schema/index.js';
import { secretLink } from '../testing/queued-mail.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let outboxDir: string;
let webRoot: string;

interface OutboxJson {
  transport: string;
  messages: Array<{
    id: string;
    tenantId: string;
    kind: string;
    to: string;
    subject: string;
    status: string;
    text: string;
    delivered: boolean;
    links: string[];
    htmlUrl: string;
  }>;
}

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'dev-outbox-test-'));
  // A built web app whose catch-all (SPA fallback, 404 page) must not swallow /dev/outbox.
  webRoot = await mkdtemp(join(tmpdir(), 'dev-outbox-web-'));
  await mkdir(join(webRoot, '404'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(webRoot, '__spa-fallback.html'), '<!doctype html><title>SPA</title>');
  await writeFile(join(webRoot, '404', 'index.html'), '<!doctype html><title>Not found</title>');
  t = await createTestApp({
    webRoot,
    mail: { outboxDir, publicUrl: 'http://localhost:3000', workerIntervalMs: 0, production: false },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(outboxDir, { recursive: true, force: true });
  await rm(webRoot, { recursive: true, force: true });
});

/** Another app on the same database with other mail settings (as another instance would be). */
async function withApp(mail: BuildAppOptions['mail'], work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
  const app = await buildApp({ db: t.db, signingKeys: t.signingKeys, logLevel: 'silent', webRoot, mail: { workerIntervalMs: 0, ...mail } });
  try {
    await app.ready();
    await work(app);
  } finally {
    await app.close();
  }
}

describe('the development outbox', () => {
  it('lists queued mail newest first, sends what is due, and makes every link clickable', async () => {
    expect(t.app.mail.transport).toBe('outbox');
    const first = await t.app.mail.enqueue({
      tenantId: t.tenantId,
      to: 'ada@example.com',
      template: { kind: 'join-allocation-received', firstName: 'Ada' },
    });
    // Creation times a few ms apart, so "newest first" has one right answer.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await t.app.mail.enqueue({
      tenantId: t.tenantId,
      to: 'bob@example.com',
      template: { kind: 'sign-in-link', firstName: '<Bob>', url: secretLink('/login-by-link/', 'tok-1_x'), expiresInMinutes: 15 },
    });

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    // The site's CSP holds: no script at all on the page.
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(page.body).not.toMatch(/<script/i);

    const body = page.body;
    expect(body).toContain('<h1>Outbox</h1>');
    expect(body.indexOf('bob@example.com')).toBeLessThan(body.indexOf('ada@example.com'));
    expect(body).toContain('Your sign-in link for Acme Vineyards');
    expect(body).toContain('<a href="http://localhost:3000/login-by-link/tok-1_x">http://localhost:3000/login-by-link/tok-1_x</a>');
    expect(body).toContain('Dear &lt;Bob&gt;,');
    expect(body).not.toContain('<Bob>');
    expect(body).toContain(`<a href="/dev/outbox/${second.id}.html">`);
    expect(body).toContain('status-sent');
    expect(body).toContain('join-allocation-received');

    // Listing sent it: the .eml is in the outbox folder and parses into both parts. The link on
    // the page came from there: the row has a placeholder and, once sent, no secret at all.
    const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, second.id));
    expect(row).toMatchObject({ status: 'sent', linkSecrets: null });
    expect(JSON.stringify(row)).not.toContain('tok-1_x');
    expect(row!.deliveryRef!.startsWith(outboxDir)).toBe(true);
    const parsed = await simpleParser(await readFile(row!.deliveryRef!));
    expect(parsed.subject).toBe('Your sign-in link for Acme Vineyards');
    expect(parsed.text).toContain('http://localhost:3000/login-by-link/tok-1_x');
    expect(parsed.html).toContain('href="http://localhost:3000/login-by-link/tok-1_x"');

    const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    const outbox = json.json() as OutboxJson;
    expect(outbox.transport).toBe('outbox');
    expect(outbox.messages.map((m) => m.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(outbox.messages[0]).toMatchObject({
      tenantId: t.tenantId,
      kind: 'sign-in-link',
      to: 'bob@example.com',
      status: 'sent',
      delivered: true,
      links: ['http://localhost:3000/login-by-link/tok-1_x'],
      htmlUrl: `/dev/outbox/${second.id}.html`,
    });

    const filtered = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=ADA@example.com' })).json() as OutboxJson;
    expect(filtered.messages.map((m) => m.id)).toEqual([first.id]);
  });

  it('shows a message’s HTML part', async () => {
    const { id } = await t.app.mail.enqueue({
      tenantId: t.tenantId,
      to: 'cy@example.com',
      template: { kind: 'password-changed', firstName: 'Cy' },
    });
    const response = await t.app.inject({ method: 'GET', url: `/dev/outbox/${id}.html` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Your Acme Vineyards password was changed</title>');
    expect(response.body).toContain('href="http://localhost:3000/forgot-password"');

    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/00000000-0000-4000-8000-000000000000.html' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/not-an-id.html' })).statusCode).toBe(404);
  });

  it('shows the delivered HTML part, links included, and the row’s placeholders when nothing was delivered here', async () => {
    const { id } = await t.app.mail.enqueue({
      tenantId: t.tenantId,
      to: 'dee@example.com',
      template: { kind: 'reset-password', firstName: 'Dee', url: secretLink('/reset-password/', 'dee-token'), expiresInMinutes: 30 },
    });
    await t.app.mail.drain();
    const delivered = await t.app.inject({ method: 'GET', url: `/dev/outbox/${id}.html` });
    expect(delivered.body.match(/href="http:\/\/localhost:3000\/reset-password\/dee-token"/g)).toHaveLength(2);

    // A reference that leads out of the outbox folder is never read; the page falls back to the row.
    await t.db.update(mailQueue).set({ deliveryRef: join(outboxDir, '..', 'elsewhere.eml') }).where(eq(mailQueue.id, id));
    const html = await t.app.inject({ method: 'GET', url: `/dev/outbox/${id}.html` });
    expect(html.statusCode).toBe(200);
    expect(html.body).not.toContain('dee-token');
    expect(html.body).toMatch(/reset-password\/\{\{link:0:[0-9a-f]{12}\}\}/);
    const listed = ((await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=dee@example.com' })).json() as OutboxJson).messages;
    expect(listed).toMatchObject([{ id, status: 'sent', delivered: false, links: [] }]);
    const page = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).body;
    expect(page).toContain('No delivered copy in this outbox');
    expect(page).not.toContain('dee-token');
  });

  it('does not exist in production', async () => {
    await withApp({ outboxDir, production: true }, async (app) => {
      for (const url of ['/dev/outbox', '/dev/outbox.json', `/dev/outbox/${t.newId()}.html`]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Outbox');
      }
    });
  });

  it('does not exist when mail goes out over SMTP', async () => {
    await withApp({ smtpUrl: 'smtp://mailer:secret@127.0.0.1:2525', production: false }, async (app) => {
      expect(app.mail.transport).toBe('smtp');
      expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
    });
  });
});
