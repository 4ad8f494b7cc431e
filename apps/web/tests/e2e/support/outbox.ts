import { baseURL } from './browser';

/**
 * One message as GET /dev/outbox.json lists it (the development outbox: SMTP is not set in tests).
 * Its text and links are read from the delivered message: the queue keeps no usable link.
 */
export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  /** False until the message is sent and its delivered copy is in the outbox folder. */
  delivered: boolean;
  createdAt: string;
  text: string;
  links: string[];
}

/** Every message to an address, newest first. */
export async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseURL()}/dev/outbox.json?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /dev/outbox.json answered ${response.status}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The ids of the messages an address has now: what a later `nextMail` must not return. */
export async function mailIds(to: string): Promise<Set<string>> {
  return new Set((await outbox(to)).map((message) => message.id));
}

/** Waits for a delivered message of one kind to an address that is not among `seen` (sending is queued). */
export async function nextMail(to: string, kind: string, seen: Set<string> = new Set(), timeoutMs = 10_000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await outbox(to)).find((candidate) => candidate.kind === kind && candidate.delivered && !seen.has(candidate.id));
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`No ${kind} e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The path of the message's link that starts with `prefix` ("/login-by-link/…"), to open on this server. */
export function linkPath(message: OutboxMessage, prefix: string): string {
  const path = message.links.map((link) => new URL(link)).find((url) => url.pathname.startsWith(prefix))?.pathname;
  if (!path) throw new Error(`The ${message.kind} e-mail has no ${prefix} link: ${message.links.join(', ')}`);
  return path;
}
