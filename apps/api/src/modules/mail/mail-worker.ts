import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { fillHeaders, fillLinks, type LinkSecretBox } from './link-secrets.js';
import type { DeferredMail } from '../../db/schema/index.js';
import type { MailRepository, MailRow } from './mail.repository.js';
import type { MailTransport } from './transports.js';

/**
 * Waits before each retry: a mail server that is down for a minute or for an afternoon is
 * ridden out, and a message that still fails after the sixth attempt (about 7 h 42 min) is
 * marked failed instead of being tried forever.
 */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a claimed row stays away from other workers while it is sent. Well above the SMTP
 * timeouts, so only a worker that died mid-send lets it come back.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
const BATCH_SIZE = 20;
/**
 * A caller's transaction commits after `enqueue` returns, so a kick at once could find nothing;
 * the kick waits a little, and the timer catches anything later still.
 */
const KICK_AFTER_TRANSACTION_MS = 250;
/**
 * Giving way (ADR 026, 2026-11-25): while this process's event loop is busier than this share of
 * the time (measured every GIVE_WAY_SAMPLE_MS), a background pass waits, and a pass under way stops
 * between batches: in the order step's profile, sending the receipts took about half the CPU that placing the orders did.
 */
export const GIVE_WAY_BUSY_SHARE = 0.5;
export const GIVE_WAY_SAMPLE_MS = 500;
/** Stored as last_error; no retry can open secrets sealed under another key or altered. */
export const UNREADABLE_SECRETS = 'The link secrets of this message cannot be opened (the server key changed, or the row was altered).';
export const UNRENDERABLE = 'This message could not be rendered from its template.';

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorkerDependencies {
  repository: MailRepository;
  transport: MailTransport;
  /** Opens the sealed link tokens (mail_queue.link_secrets) just before sending. */
  secrets: LinkSecretBox;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Pace of the background pass in ms; 0 = no background pass and no kicks (only `drain`). */
  intervalMs: number;
  batchSize?: number;
  /** Scheduled work run at the start of every background pass (a reminder due); its errors are logged. */
  beforePass?: () => Promise<void>;
  /**
   * How long background sending may give way to requests while the process is busy (a release's
   * first minutes): mail then goes out at most this much later. 0 = never gives way. `drain` never does.
   */
  giveWayMs?: number;
  /** The share of the last sample's time the event loop was busy (tests script it); default: Node's event-loop utilisation. */
  busyShare?: () => number;
  /** Renders a message kept as its template's data (mail_queue.template) just before it is sent. */
  render?: (deferred: DeferredMail) => Promise<{ subject: string; text: string; html: string }>;
}

/** The event loop's utilisation since the previous call: the share of that time it was running code. */
function eventLoopBusyShare(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}

/**
 * The transport's words without anything secret: URLs lose their user and password, long
 * server answers are cut, so last_error is safe to show on the outbox page and in logs.
 */
export function describeSendError(error: unknown): string {
  const name = error instanceof Error ? error.name : 'Error';
  const raw = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const message = raw.replace(/(\/\/)[^/@\s]+@/g, '$1***@').replace(/\s+/g, ' ').trim();
  return `${name}${typeof code === 'string' ? ` (${code})` : ''}: ${message}`.slice(0, 500);
}

export function createMailWorker(deps: MailWorkerDependencies) {
  const { repository, transport, secrets, now, log, intervalMs } = deps;
  const batchSize = deps.batchSize ?? BATCH_SIZE;
  const giveWayMs = deps.giveWayMs ?? 0;
  const busyShare = deps.busyShare ?? eventLoopBusyShare();
  let timer: NodeJS.Timeout | undefined;
  let sampler: NodeJS.Timeout | undefined;
  /** Whether the last sample found the process busy. */
  let busy = false;
  /** Since when background sending has been giving way (null: it is not). */
  let givingWaySince: number | null = null;
  /** A background pass gave way: the sampler runs it once the process is less busy (or has waited long enough). */
  let deferred = false;
  let started = false;
  let stopped = false;
  let passQueued = false;
  // Passes in this process run one after another, so `drain` also waits for a background pass
  // that is already sending; other processes are kept apart by the database (claimDue).
  let chain: Promise<unknown> = Promise.resolve();

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = chain.then(work, work);
    chain = result.catch(() => undefined);
    return result;
  }

  /** The bodies (and link headers) as the recipient gets them: placeholders filled with the opened tokens. */
  function unseal(row: MailRow): { text: string; html: string; headers?: Record<string, string> } {
    if (!row.linkSecrets) return { text: row.textBody, html: row.htmlBody };
    const opened = secrets.open(row.linkSecrets, { id: row.id, to: row.toAddress });
    const headers = fillHeaders(opened);
    return { text: fillLinks(row.textBody, opened), html: fillLinks(row.htmlBody, opened), ...(headers ? { headers } : {}) };
  }

  async function deliver(row: MailRow, result: DrainResult) {
    // A receipt is rendered now, off the order's path (ADR 026); rendering again on a retry
    // gives the same message.
    let rendered: { subject: string; text: string; html: string } | undefined;
    if (row.template) {
      try {
        if (!deps.render) throw new Error('no renderer for messages kept as templates');
        rendered = await deps.render(row.template);
      } catch (error) {
        await repository.markFailed(row.id, row.attempts, UNRENDERABLE);
        result.failed += 1;
        log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'mail failed for good: it cannot be rendered');
        return;
      }
    }
    let bodies: ReturnType<typeof unseal>;
    try {
      bodies = rendered ? { text: rendered.text, html: rendered.html } : unseal(row);
    } catch (error) {
      await repository.markFailed(row.id, row.attempts, UNREADABLE_SECRETS);
      result.failed += 1;
      log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'mail failed for good: its link secrets cannot be opened');
      return;
    }
    try {
      const { ref } = await transport.send({
        id: row.id,
        kind: row.kind,
        to: row.toAddress,
        subject: rendered?.subject ?? row.subject,
        text: bodies.text,
        html: bodies.html,
        ...(bodies.headers ? { headers: bodies.headers } : {}),
        createdAt: row.createdAt,
      });
      await repository.markSent(row.id, row.attempts, now(), ref, rendered);
      result.sent += 1;
    } catch (error) {
      const lastError = describeSendError(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        await repository.markFailed(row.id, row.attempts, lastError);
        result.failed += 1;
        log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'mail failed for good');
      } else {
        const delay = RETRY_DELAYS_MS[Math.min(row.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
        await repository.scheduleRetry(row.id, row.attempts, new Date(now().getTime() + delay), lastError);
        result.retried += 1;
        log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: error }, 'mail not sent, will retry');
      }
    }
  }

  /**
   * Whether background sending waits now: the process is busy and has not been giving way for
   * longer than `giveWayMs`. Counted from the first time it gave way; a pass that runs ends it.
   */
  function givesWay(): boolean {
    if (giveWayMs <= 0 || !busy) return false;
    const at = Date.now();
    givingWaySince ??= at;
    return at - givingWaySince < giveWayMs;
  }

  /** Claims and sends batches until nothing is due; with `mayGiveWay`, stops between batches while the process is busy. */
  async function sendDue(mayGiveWay = false): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      if (mayGiveWay && givesWay()) {
        deferred = true;
        return result;
      }
      const at = now();
      const rows = await repository.claimDue(at, batchSize, new Date(at.getTime() + CLAIM_LEASE_MS));
      if (rows.length === 0) return result;
      for (const [index, row] of rows.entries()) {
        if (stopped) {
          // Closing: the message in hand is finished, the rest go back to the queue for any
          // instance to send, rather than waiting out their lease.
          for (const untried of rows.slice(index)) await repository.release(untried.id, untried.attempts, now());
          return result;
        }
        await deliver(row, result);
      }
      if (stopped) return result;
    }
  }

  function backgroundPass() {
    if (!started || stopped || passQueued) return;
    if (givesWay()) {
      deferred = true;
      return;
    }
    // A pass that has waited its longest sends everything due, busy or not.
    const waitedLongEnough = givingWaySince !== null && busy;
    givingWaySince = null;
    deferred = false;
    passQueued = true;
    exclusive(async () => {
      passQueued = false;
      if (stopped) return;
      await deps.beforePass?.().catch((error: unknown) => log.error({ err: error }, 'scheduled mail work failed'));
      const result = await sendDue(!waitedLongEnough);
      // Counts only, never an address: what this instance sent in the pass (each instance logs its own).
      if (result.sent + result.retried + result.failed > 0) log.info(result, 'mail worker pass');
    }).catch((error: unknown) => {
      // A database hiccup: the rows stay queued and the next pass tries again.
      log.error({ err: error }, 'mail worker pass failed');
    });
  }

  return {
    /** Starts the background passes (after migrations: the app's onReady). */
    start() {
      if (started || stopped || intervalMs <= 0) return;
      started = true;
      timer = setInterval(backgroundPass, intervalMs);
      // The timer alone never keeps the process alive; the server does.
      timer.unref();
      if (giveWayMs > 0) {
        busy = busyShare() > GIVE_WAY_BUSY_SHARE;
        sampler = setInterval(() => {
          busy = busyShare() > GIVE_WAY_BUSY_SHARE;
          if (deferred && !givesWay()) backgroundPass();
        }, GIVE_WAY_SAMPLE_MS);
        sampler.unref();
      }
      backgroundPass();
    },

    /** Asks for a pass soon; used by `enqueue`. Never throws. */
    kick(afterTransaction: boolean) {
      if (!started || stopped) return;
      if (afterTransaction) setTimeout(backgroundPass, KICK_AFTER_TRANSACTION_MS).unref();
      else backgroundPass();
    },

    /** Sends everything due now, after any pass already running in this process. */
    drain(): Promise<DrainResult> {
      return exclusive(sendDue);
    },

    /** Stops the timer, lets the message being sent finish and puts the rest of its batch back. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (sampler) clearInterval(sampler);
      await chain;
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
