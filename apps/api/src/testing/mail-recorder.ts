import { findLinks } from '../shared/find-links.js';
import type { MailTransport, OutgoingMail } from '../modules/mail/transports.js';

/** A message as the transport delivered it to the recipient, with the links of its text part. */
export interface DeliveredMessage extends OutgoingMail {
  links: string[];
}

/**
 * Wraps the app's real transport (outbox, SMTP or a test's own) and keeps a copy of each message
 * it accepted: what the recipient got, links included. Tests read links from here, never from
 * mail_queue, which holds placeholders instead of link tokens (issue 11).
 */
export function recordDeliveries(inner: MailTransport) {
  const delivered: DeliveredMessage[] = [];
  const transport: MailTransport = {
    name: inner.name,
    description: inner.description,
    async send(mail) {
      const result = await inner.send(mail);
      delivered.push({ ...mail, links: findLinks(mail.text) });
      return result;
    },
    ...(inner.readDelivered ? { readDelivered: (ref: string) => inner.readDelivered!(ref) } : {}),
    ...(inner.close ? { close: () => inner.close!() } : {}),
  };
  return { transport, delivered };
}
