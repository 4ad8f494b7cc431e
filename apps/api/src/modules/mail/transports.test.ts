import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseMailTransport, createOutboxTransport, DEFAULT_MAIL_FROM, describeSmtpUrl, type OutboxSidecar } from './transports.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-test-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const message = {
  id: '6f1c1c1e-8f1a-4c55-9a53-0d7d1f3b8a11',
  kind: 'sign-in-link',
  to: 'ada@example.com',
  subject: 'Your sign-in link for Aldermoor Estate',
  text: 'Sign in:\nhttp://localhost:3000/login-by-link/abc\n',
  html: '<p><a href="http://localhost:3000/login-by-link/abc">Sign in</a> — Château</p>',
  createdAt: new Date('2026-11-22T06:04:26.767Z'),
};

describe('outbox transport', () => {
  it('writes a complete .eml with both parts, the HTML part and a JSON sidecar', async () => {
    const outbox = createOutboxTransport({ dir, from: DEFAULT_MAIL_FROM });
    const { ref } = await outbox.send(message);

    const base = `2026-11-22T06-04-26-767Z-${message.id}`;
    expect(ref).toBe(join(dir, `${base}.eml`));
    expect((await readdir(dir)).sort()).toEqual([`${base}.eml`, `${base}.html`, `${base}.json`]);

    const parsed = await simpleParser(await readFile(ref));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text?.trim()).toBe(message.text.trim());
    expect(parsed.html).toBe(message.html);
    expect(parsed.from?.text).toBe('"Aldermoor Estate" <no-reply@aldermoor.example>');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('ada@example.com');
    expect(parsed.messageId).toBe(`<${message.id}@aldermoor.example>`);
    expect(parsed.headers.get('x-mail-kind')).toBe('sign-in-link');
    expect(parsed.date?.toISOString()).toBe('2026-11-22T06:04:26.000Z');

    const sidecar = JSON.parse(await readFile(join(dir, `${base}.json`), 'utf8')) as OutboxSidecar;
    expect(sidecar).toEqual({
      id: message.id,
      to: 'ada@example.com',
      subject: message.subject,
      kind: 'sign-in-link',
      createdAt: '2026-11-22T06:04:26.767Z',
      text: message.text,
      htmlPath: join(dir, `${base}.html`),
      emlPath: ref,
    });
    expect(await readFile(sidecar.htmlPath, 'utf8')).toBe(message.html);
  });
});

describe('choosing a transport', () => {
  it('uses SMTP when SMTP_URL is set and describes it without credentials', () => {
    const smtp = chooseMailTransport({ smtpUrl: 'smtp://mailer:hunter2@smtp.example:587', outboxDir: dir });
    expect(smtp.name).toBe('smtp');
    expect(smtp.description).toBe('SMTP smtp://smtp.example:587');
    expect(describeSmtpUrl('smtps://u:p@mail.example')).toBe('smtps://mail.example');
    void smtp.close?.();
  });

  it('uses the outbox otherwise', () => {
    const outbox = chooseMailTransport({ smtpUrl: null, outboxDir: dir });
    expect(outbox.name).toBe('outbox');
    expect(outbox.description).toBe(`outbox ${dir}`);
  });
});
