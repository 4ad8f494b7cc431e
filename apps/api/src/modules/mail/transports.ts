import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { createTransport } from 'nodemailer';
import { DEFAULT_MAIL_FROM } from '../../env.js';

export { DEFAULT_MAIL_FROM };

/** One rendered message as the worker hands it to a transport. */
export interface OutgoingMail {
  /** The mail_queue row's id; also the Message-ID's left part, so a resend is recognisable. */
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers of the message's own (List-Unsubscribe and List-Unsubscribe-Post on mail a member may turn off). */
  headers?: Record<string, string>;
  createdAt: Date;
}

/** A message as it reached the recipient, read back where the transport can (the outbox). */
export interface DeliveredMail {
  text: string;
  html: string;
}

export interface MailTransport {
  /** 'smtp', 'outbox', or a test's own name. */
  readonly name: string;
  /** For the start-up log line: where mail goes, never credentials. */
  readonly description: string;
  /** Resolves with the transport's reference (SMTP message id, outbox file); rejects when not sent. */
  send(mail: OutgoingMail): Promise<{ ref: string }>;
  /**
   * The delivered message behind a `send` reference, or undefined when it is not (or no longer)
   * there. Only a transport that is also the recipient's mailbox (the outbox) can answer.
   */
  readDelivered?(ref: string): Promise<DeliveredMail | undefined>;
  close?(): void | Promise<void>;
}

/** The host part of the sender's address names the Message-ID's domain. */
function messageIdFor(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

const messageFields = (mail: OutgoingMail, from: string) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: messageIdFor(mail.id, from),
  date: mail.createdAt,
  headers: { 'X-Mail-Kind': mail.kind, ...mail.headers },
});

/** SMTP_URL without its user name and password: smtp://host:587. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

/**
 * Real mail through nodemailer: smtp://user:pass@host:587 (STARTTLS when the server offers it) or
 * smtps://… (TLS from the start). Short timeouts: a stuck server delays the queue, not a request,
 * but a worker pass should still end.
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = createTransport({
    url: options.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    description: `SMTP ${describeSmtpUrl(options.url)}`,
    async send(mail) {
      const info = await transporter.sendMail(messageFields(mail, options.from));
      return { ref: String(info.messageId ?? messageIdFor(mail.id, options.from)) };
    },
    close() {
      transporter.close();
    },
  };
}

/** What the outbox writes beside each .eml, so a developer or a script can read it without parsing MIME. */
export interface OutboxSidecar {
  id: string;
  to: string;
  subject: string;
  kind: string;
  createdAt: string;
  text: string;
  /** The HTML part as its own file, to open in a browser. */
  htmlPath: string;
  emlPath: string;
}

/** `2026-11-22T06-04-26-767Z`: ISO time that sorts and is a valid file name everywhere. */
const fileTime = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/**
 * Development mail: each message becomes a complete RFC 822 file (both parts, built by the same
 * nodemailer composer SMTP uses) in the outbox folder, with a JSON sidecar and the HTML part.
 */
export function createOutboxTransport(options: { dir: string; from: string }): MailTransport {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const root = resolve(options.dir);
  return {
    name: 'outbox',
    description: `outbox ${options.dir}`,
    async send(mail) {
      const info = await composer.sendMail(messageFields(mail, options.from));
      await mkdir(options.dir, { recursive: true });
      const base = join(options.dir, `${fileTime(mail.createdAt)}-${mail.id}`);
      const emlPath = `${base}.eml`;
      const htmlPath = `${base}.html`;
      const sidecar: OutboxSidecar = {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        createdAt: mail.createdAt.toISOString(),
        text: mail.text,
        htmlPath,
        emlPath,
      };
      await writeFile(emlPath, info.message as Buffer);
      await writeFile(htmlPath, mail.html);
      // The sidecar last: its presence means the message is complete.
      await writeFile(`${base}.json`, `${JSON.stringify(sidecar, null, 2)}\n`);
      return { ref: emlPath };
    },
    /**
     * Reads the files written beside the .eml at delivery (the sidecar's text, the HTML part).
     * The reference comes from the database, so only a file inside this outbox folder is read.
     */
    async readDelivered(ref) {
      const emlPath = resolve(ref);
      if (!emlPath.startsWith(`${root}${sep}`) || !emlPath.endsWith('.eml')) return undefined;
      try {
        const sidecar = JSON.parse(await readFile(`${emlPath.slice(0, -'.eml'.length)}.json`, 'utf8')) as OutboxSidecar;
        const htmlPath = resolve(sidecar.htmlPath);
        if (!htmlPath.startsWith(`${root}${sep}`)) return undefined;
        return { text: sidecar.text, html: await readFile(htmlPath, 'utf8') };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** SMTP when SMTP_URL is set, else the outbox. */
export function chooseMailTransport(options: { smtpUrl?: string | null; from?: string; outboxDir: string }): MailTransport {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  return options.smtpUrl ? createSmtpTransport({ url: options.smtpUrl, from }) : createOutboxTransport({ dir: options.outboxDir, from });
}
