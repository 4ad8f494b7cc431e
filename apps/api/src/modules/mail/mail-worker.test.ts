import { describe, expect, it } from 'vitest';
import { createMailWorker, GIVE_WAY_SAMPLE_MS } from './mail-worker.js';
import type { MailRepository, MailRow } from './mail.repository.js';
import type { MailTransport } from './transports.js';
import type { LinkSecretBox } from './link-secrets.js';

/** A queue of `count` due messages in memory, and what the transport sent of it. */
function queueOf(count: number) {
  const rows: MailRow[] = Array.from({ length: count }, (_, i) => ({
    id: `mail-${i}`,
    tenantId: 't',
    kind: 'order-confirmation',
    toAddress: `m${i}@example.com`,
    subject: 'Your order',
    textBody: 'text',
    htmlBody: '<p>html</p>',
    linkSecrets: null,
    template: null,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: new Date(0),
    lastError: null,
    deliveryRef: null,
    createdAt: new Date(0),
    sentAt: null,
  }));
  const sent: string[] = [];
  const repository = {
    async claimDue(_at: Date, limit: number) {
      const due = rows.filter((row) => row.status === 'queued' && row.attempts === 0).slice(0, limit);
      for (const row of due) row.attempts += 1;
      return due;
    },
    async markSent(id: string) {
      rows.find((row) => row.id === id)!.status = 'sent';
      return true;
    },
  } as unknown as MailRepository;
  const transport: MailTransport = {
    name: 'memory',
    description: 'memory (test)',
    async send(mail) {
      sent.push(mail.id);
      return { ref: mail.id };
    },
  };
  return { repository, transport, sent };
}

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const noSecrets = {} as LinkSecretBox;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the mail worker gives way to a busy process (ADR 026)', () => {
  it('holds back background sending while the process is busy and sends everything once it is not', async () => {
    const { repository, transport, sent } = queueOf(45);
    let share = 0.95;
    const worker = createMailWorker({ repository, transport, secrets: noSecrets, now: () => new Date(), log: quietLog, intervalMs: 60_000, giveWayMs: 60_000, busyShare: () => share });
    worker.start();
    try {
      worker.kick(false);
      await wait(GIVE_WAY_SAMPLE_MS * 3);
      expect(sent).toEqual([]);
      share = 0.1;
      await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(45);
    } finally {
      await worker.stop();
    }
  });

  it('waits no longer than giveWayMs however busy, then sends everything due', async () => {
    const { repository, transport, sent } = queueOf(45);
    const worker = createMailWorker({ repository, transport, secrets: noSecrets, now: () => new Date(), log: quietLog, intervalMs: 60_000, giveWayMs: 1_500, busyShare: () => 0.99 });
    worker.start();
    const started = Date.now();
    try {
      worker.kick(false);
      await wait(GIVE_WAY_SAMPLE_MS);
      expect(sent).toEqual([]);
      await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(45);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    } finally {
      await worker.stop();
    }
  });

  it('never gives way with giveWayMs 0 (the default outside production), nor in a drain', async () => {
    const { repository, transport, sent } = queueOf(25);
    const worker = createMailWorker({ repository, transport, secrets: noSecrets, now: () => new Date(), log: quietLog, intervalMs: 60_000, busyShare: () => 1 });
    worker.start();
    try {
      await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(25);
    } finally {
      await worker.stop();
    }
    const busy = queueOf(25);
    const giving = createMailWorker({ ...busy, secrets: noSecrets, now: () => new Date(), log: quietLog, intervalMs: 0, giveWayMs: 60_000, busyShare: () => 1 });
    expect(await giving.drain()).toEqual({ sent: 25, retried: 0, failed: 0 });
  });
});
