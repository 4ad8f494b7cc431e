import { randomUUID, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { createLinkSecretBox } from './link-secrets.js';
import { createMailWorker, type DrainResult } from './mail-worker.js';
import { UNSUBSCRIBE_PATH } from '@winery/domain';
import { preferenceOf, type OptionalTemplate } from './mail-categories.js';
import { createMailRepository, findMailBrand, findMailPreferences, insertMail, type NewMail } from './mail.repository.js';
import { absoluteUrl, renderSealedMail, type RenderContext } from './render-mail.js';
import type { MailTemplate } from './templates/mail-templates.js';
import type { MailBrand } from './templates/mail-types.js';
import { SecretLink, secretLink } from './templates/secret-link.js';
import type { MailTransport } from './transports.js';
import { createUnsubscribeTokens, UNSUBSCRIBE_LINK_LIFETIME_MS } from './unsubscribe-tokens.js';

export const DEFAULT_MAIL_WORKER_INTERVAL_MS = 5_000;

/** Whether a template has a SecretLink anywhere in it: its data may then not be stored as it is. */
function holdsSecretLink(value: unknown): boolean {
  if (value instanceof SecretLink) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsSecretLink);
}

/** `enqueue` refuses optional mail at run time (its types take any template, so callers may build one generically). */
export interface EnqueueMail<T extends MailTemplate = MailTemplate> {
  tenantId: string;
  /** The recipient's address. */
  to: string;
  template: T;
}

/** Mail a member may turn off goes to a member: their choice is read, and their unsubscribe link made. */
export interface EnqueueMemberMail extends EnqueueMail<OptionalTemplate> {
  customerId: string;
}

export interface MailServiceDependencies {
  db: Database;
  transport: MailTransport;
  /**
   * The server's secret (the token-signing key) from which the key that seals link tokens at
   * rest is derived; every instance that sends this queue's mail needs the same one.
   */
  linkKey: KeyObject | Buffer;
  /** The brand that signs a tenant's mail; reads the caller's transaction when there is one. */
  brands?: (db: Database, tenantId: string) => Promise<MailBrand>;
  /** PUBLIC_URL: every link in a message is absolute on this origin. */
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Background pass every this many ms (MAIL_WORKER_INTERVAL_MS); 0 = only `drain` sends (tests). */
  workerIntervalMs?: number;
  /** How long background sending may give way to a busy process (mail-worker.ts); 0 = never. */
  giveWayMs?: number;
}

/**
 * Mail is queued, never sent inline: `enqueue` renders the message and inserts one mail_queue
 * row, inside the caller's transaction when given one, so a request's data and its e-mail commit
 * (or roll back) together and a slow or broken mail server never fails a request. A worker in
 * every API instance sends what is due and retries with back-off (mail-worker.ts).
 */
export function createMailService(deps: MailServiceDependencies) {
  const { db, transport, now, log } = deps;
  const brands = deps.brands ?? findMailBrand;
  const repository = createMailRepository(db);
  const secrets = createLinkSecretBox(deps.linkKey);
  // Signed with a key of their own derived from the same server secret (unsubscribe-tokens.ts).
  const unsubscribeTokens = createUnsubscribeTokens(deps.linkKey);
  const tickTasks: Array<() => Promise<unknown>> = [];
  const worker = createMailWorker({
    beforePass: async () => {
      for (const task of tickTasks) await task();
    },
    repository,
    transport,
    secrets,
    now,
    log,
    intervalMs: deps.workerIntervalMs ?? DEFAULT_MAIL_WORKER_INTERVAL_MS,
    giveWayMs: deps.giveWayMs ?? 0,
    // A message kept as its template's data (`prepare`): rendered now, as `enqueue` would have.
    async render(deferred) {
      const sealed = await renderSealedMail(deferred.template as unknown as MailTemplate, { brand: deferred.brand as unknown as MailBrand, publicUrl: deps.publicUrl });
      if (sealed.secrets) throw new Error('A message rendered when it is sent cannot hold a secret link: its token would have been stored.');
      return { subject: sealed.subject, text: sealed.text, html: sealed.html };
    },
  });

  /** The mail_queue row of one message: rendered, its link tokens sealed, due now. */
  async function render(input: EnqueueMail<MailTemplate>, brand: MailBrand, unsubscribe?: RenderContext['unsubscribe']): Promise<NewMail> {
    const rendered = await renderSealedMail(input.template, { brand, publicUrl: deps.publicUrl, ...(unsubscribe ? { unsubscribe } : {}) });
    const at = now();
    const id = randomUUID();
    return {
      id,
      tenantId: input.tenantId,
      kind: input.template.kind,
      toAddress: input.to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      linkSecrets: rendered.secrets ? secrets.seal(rendered.secrets, { id, to: input.to }) : null,
      nextAttemptAt: at,
      createdAt: at,
    };
  }

  /** Renders and inserts one mail_queue row (in `tx` when given) and asks the worker to send it. */
  async function queue(input: EnqueueMail<MailTemplate>, tx: Database | undefined, unsubscribe?: RenderContext['unsubscribe']): Promise<{ id: string }> {
    // On PGlite's single connection a read outside an open transaction would wait for it: the
    // brand is read through the caller's transaction too.
    const target = tx ?? db;
    const brand = await brands(target, input.tenantId);
    const row = await insertMail(target, await render(input, brand, unsubscribe));
    worker.kick(tx !== undefined);
    return { id: row.id };
  }

  return {
    /** 'smtp', 'outbox' or a test transport's name. */
    transport: transport.name,
    /** Where the transport delivers, for logs and the outbox page (no credentials). */
    transportDescription: transport.description,
    publicUrl: deps.publicUrl,

    /** The absolute URL of a path on the site, as it appears in e-mails. */
    link: (path: string) => absoluteUrl(path, deps.publicUrl),

    /**
     * Renders and queues one transactional message (it always goes); with `tx`, inside that
     * transaction. A template's SecretLink tokens are stored sealed beside bodies that hold
     * placeholders, and are erased once sent. Throws only for a database error or a bad template
     * value (a link that is not http(s)), never because of the mail server.
     */
    async enqueue(input: EnqueueMail, tx?: Database): Promise<{ id: string }> {
      // Mail a member may turn off must go through enqueueIfWanted: never sent by mistake without asking.
      if (preferenceOf(input.template.kind)) throw new Error(`"${input.template.kind}" mail may be turned off: queue it with enqueueIfWanted.`);
      return queue(input, tx);
    },

    /**
     * The row of one transactional message to be rendered when it is sent, for a caller that
     * writes it in a statement of its own, with the brand it has read itself: order placement
     * writes the receipt in the same round trip as the order (ADR 026), and rendering it there
     * was most of the order's own CPU. The row keeps the template's data and the brand; the worker
     * renders it, sends it and keeps what it sent. Only for templates without a secret link (the
     * data would hold the token): one that has one is refused when it is sent. Call `queued` once
     * the row has committed.
     */
    prepare(input: EnqueueMail, brand: MailBrand): NewMail {
      if (preferenceOf(input.template.kind)) throw new Error(`"${input.template.kind}" mail may be turned off: queue it with enqueueIfWanted.`);
      if (holdsSecretLink(input.template)) throw new Error(`"${input.template.kind}" mail has a secret link: queue it with enqueue, which seals the token.`);
      const at = now();
      return {
        id: randomUUID(),
        tenantId: input.tenantId,
        kind: input.template.kind,
        toAddress: input.to,
        subject: '',
        textBody: '',
        htmlBody: '',
        linkSecrets: null,
        template: { template: { ...input.template }, brand: { ...brand } },
        nextAttemptAt: at,
        createdAt: at,
      };
    },

    /** A row from `prepare` has committed: the worker sends it at once. */
    queued: () => worker.kick(false),

    /**
     * Mail a member may turn off (invitations, reminders, news; mail-categories.ts): queued only
     * if the member wants this kind — their choice read in the caller's transaction, so a member
     * who has just said no is not sent one — with their unsubscribe link in the message and in
     * List-Unsubscribe. Null when it was not queued (they opted out, or are deactivated).
     */
    async enqueueIfWanted(input: EnqueueMemberMail, tx?: Database): Promise<{ id: string } | null> {
      const preference = preferenceOf(input.template.kind);
      if (!preference) throw new Error(`"${input.template.kind}" mail always goes: queue it with enqueue.`);
      const wants = await findMailPreferences(tx ?? db, input.tenantId, input.customerId);
      if (!wants || wants.deactivated || !wants[preference]) return null;
      const token = unsubscribeTokens.issue({
        customerId: input.customerId,
        preference,
        expiresAt: new Date(now().getTime() + UNSUBSCRIBE_LINK_LIFETIME_MS),
      });
      return queue(input, tx, { preference, link: secretLink(UNSUBSCRIBE_PATH, token) });
    },

    /**
     * Work that queues mail on a schedule (the reminder before an offering closes): run on every
     * background pass of the worker, in every instance, so it must be safe to run at once.
     */
    onTick(task: () => Promise<unknown>) {
      tickTasks.push(task);
    },

    /** Sends everything due now (tests, the outbox page); waits for a pass already running. */
    drain: (): Promise<DrainResult> => worker.drain(),

    /** Background sending: start after migrations, stop before the database closes. */
    start: () => worker.start(),
    async stop() {
      await worker.stop();
      await transport.close?.();
    },

    /** Recent messages of every tenant, newest first (development outbox page). */
    listRecent: (limit = 200) => repository.listRecent(limit),
    findById: (id: string) => repository.findById(id),
    /** A sent message as the transport delivered it, where the transport can read it back (the outbox). */
    readDelivered: async (deliveryRef: string) => (transport.readDelivered ? transport.readDelivered(deliveryRef) : undefined),
  };
}

export type MailService = ReturnType<typeof createMailService>;
