import type { KeyObject } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { createMailService, DEFAULT_MAIL_WORKER_INTERVAL_MS, type MailService } from './mail.service.js';
import { chooseMailTransport, type MailTransport } from './transports.js';

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** buildApp's mail settings; server.ts fills them from SMTP_URL, MAIL_FROM, PUBLIC_URL, DATA_DIR. */
export interface MailOptions {
  /** SMTP_URL (smtp://user:pass@host:587 or smtps://…); unset = the outbox. */
  smtpUrl?: string | null;
  /** MAIL_FROM, the sender of every message. */
  from?: string;
  /** Where the outbox writes (DATA_DIR/outbox); default a folder in the system's temp dir. */
  outboxDir?: string;
  /** A ready transport instead of SMTP or the outbox (tests: one that fails, one that records). */
  transport?: MailTransport;
  /** PUBLIC_URL, the origin of every link in a message. */
  publicUrl?: string;
  /** MAIL_WORKER_INTERVAL_MS; 0 = no background sending, only `app.mail.drain()` (tests). */
  workerIntervalMs?: number;
  /** NODE_ENV=production: the development outbox page is never served. */
  production?: boolean;
  /**
   * How long background sending may give way while the API is busy (a release's first minutes),
   * so receipts go out up to this much later instead of competing with orders for the CPU. Default
   * a minute in production (DEFAULT_MAIL_GIVE_WAY_MS), else 0 (never).
   */
  giveWayMs?: number;
}

/** In production, mail may wait up to a minute while the API is busy. */
export const DEFAULT_MAIL_GIVE_WAY_MS = 60_000;

/** The transport the options choose: a given one, SMTP when SMTP_URL is set, else the outbox. */
export function transportFromOptions(options: MailOptions): MailTransport {
  return (
    options.transport ??
    chooseMailTransport({
      smtpUrl: options.smtpUrl,
      from: options.from,
      outboxDir: options.outboxDir ?? join(tmpdir(), 'winery-outbox'),
    })
  );
}

/**
 * The app's mail service, and whether the development outbox page may be served. `linkKey` is
 * the server's secret (buildApp passes the token-signing key) that link tokens are sealed under.
 */
export function createMailFromOptions(
  options: MailOptions,
  deps: { db: Database; now: () => Date; log: FastifyBaseLogger; linkKey: KeyObject | Buffer },
): { mail: MailService; production: boolean } {
  const transport = transportFromOptions(options);
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const mail = createMailService({
    db: deps.db,
    transport,
    linkKey: deps.linkKey,
    publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL,
    now: deps.now,
    log: deps.log,
    workerIntervalMs: options.workerIntervalMs ?? DEFAULT_MAIL_WORKER_INTERVAL_MS,
    giveWayMs: options.giveWayMs ?? (production ? DEFAULT_MAIL_GIVE_WAY_MS : 0),
  });
  // Once, at start: where mail goes. The description never carries SMTP credentials.
  deps.log.info({ transport: transport.name }, `mail: ${transport.description}; links on ${mail.publicUrl}`);
  return { mail, production };
}
