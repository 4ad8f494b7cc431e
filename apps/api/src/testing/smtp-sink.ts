import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { findLinks } from '../shared/find-links.js';

/** One message as the SMTP server received it, parsed. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lowercased. */
  recipients: string[];
  /** Envelope sender (MAIL FROM). */
  sender: string;
  /** Header fields. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The http(s) URLs of the plain-text part, in order. */
  links: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface SmtpSink {
  /** SMTP_URL for the app: smtp://[user:pass@]127.0.0.1:<port>. */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** Resolves once at least `count` messages have arrived (all of them); rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The newest message sent to `address`, waiting for one if none has arrived yet. */
  waitForMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => (entry.address ?? '').toLowerCase()),
  );

/**
 * A real SMTP server on a free local port that keeps what it receives, for tests that send mail
 * the way production does (nodemailer → SMTP) and then read it, or follow its links. Plain SMTP
 * (no STARTTLS), any or no authentication unless `auth` is given, which it then requires.
 */
export async function startSmtpSink(options: { auth?: { user: string; pass: string }; /** Each message is accepted this long after it arrived, as a slow server would. */ delayMs?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: !options.auth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'smtp-sink (test)',
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const text = parsed.text ?? '';
            messages.push({
              recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              from: parsed.from?.text ?? '',
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              links: findLinks(text),
              raw,
              parsed,
            });
            for (const wake of [...waiters]) wake();
            if (options.delayMs) setTimeout(() => callback(), options.delayMs);
            else callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = ((server.server as { address(): AddressInfo }).address()).port;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';

  const until = <T>(ready: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = ready();
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`smtp-sink: ${what} did not arrive within ${timeoutMs} ms (received ${messages.length})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    waitFor: (count, timeoutMs = 10_000) =>
      until(() => (messages.length >= count ? [...messages] : undefined), timeoutMs, `${count} message(s)`),
    waitForMailTo: (address, timeoutMs = 10_000) =>
      until(
        () => messages.findLast((message) => message.recipients.includes(address.toLowerCase())),
        timeoutMs,
        `a message to ${address}`,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
