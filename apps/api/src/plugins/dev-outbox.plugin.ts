import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { textInput } from '@winery/domain';
import { escapeUTF8 as escapeHtml } from 'entities';
import type { mailQueue } from '../db/schema/index.js';
import { findLinkPositions, findLinks } from '../shared/find-links.js';
import { isUuid } from '../shared/uuid.js';

type MailRow = typeof mailQueue.$inferSelect;

/** What the page needs of the mail service (modules/mail/mail.service.ts answers it). */
export interface OutboxMail {
  /** The transport's name: the page exists only for 'outbox'. */
  readonly transport: string;
  /** Where the outbox writes, for the page's lead. */
  readonly transportDescription: string;
  /** Sends whatever is due now. */
  drain(): Promise<unknown>;
  /** Recent messages of every tenant, newest first. */
  listRecent(limit: number): Promise<MailRow[]>;
  findById(id: string): Promise<MailRow | undefined>;
  /** A sent message as the outbox delivered it. */
  readDelivered(deliveryRef: string): Promise<{ text: string; html: string } | undefined>;
}

/**
 * The outbox page exists only where it is safe: mail goes to the local outbox (no SMTP_URL) and
 * the app is not in production. It shows every tenant's mail, links that sign people in included.
 */
export function devOutboxEnabled(options: { transport: string; production: boolean }): boolean {
  return options.transport === 'outbox' && !options.production;
}

const LIST_LIMIT = 200;

/** The text body, escaped, with every URL a link. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const { url, index } of findLinkPositions(text)) {
    html += escapeHtml(text.slice(last, index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * What the recipient got: the outbox transport's delivered files (the mailbox stand-in). The row
 * holds placeholders instead of link tokens and, once sent, nothing that could fill them.
 */
type Delivered = { text: string; html: string } | undefined;

async function readDelivered(mail: OutboxMail, row: MailRow): Promise<Delivered> {
  if (row.status !== 'sent' || !row.deliveryRef) return undefined;
  return mail.readDelivered(row.deliveryRef);
}

const NOT_DELIVERED = 'No delivered copy in this outbox (not sent yet, or its file is gone). The queue keeps no links, so none show.';

/** A receipt waits as its template's data (ADR 026): its words exist once the worker renders and sends it. */
const RENDERED_WHEN_SENT = 'Rendered when it is sent.';

const toView = (row: MailRow, delivered: Delivered) => ({
  id: row.id,
  tenantId: row.tenantId,
  kind: row.kind,
  to: row.toAddress,
  subject: row.template ? RENDERED_WHEN_SENT : row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  delivered: delivered !== undefined,
  text: delivered?.text ?? (row.template ? RENDERED_WHEN_SENT : row.textBody),
  links: delivered ? findLinks(delivered.text) : [],
  htmlUrl: `/dev/outbox/${row.id}.html`,
});

type View = ReturnType<typeof toView>;

const STYLE = `
body { margin: 0; background: #fbf8f1; color: #1c1915; font: 15px/1.5 Jost, 'Helvetica Neue', Arial, sans-serif; }
main { max-width: 960px; margin: 0 auto; padding: 32px 20px 64px; }
h1 { font-family: 'Cormorant Garamond', Georgia, serif; font-weight: 500; font-size: 34px; margin: 0 0 4px; }
.lead { color: #4f473e; margin: 0 0 28px; }
article { background: #fff; border: 1px solid #e8dfcc; margin: 0 0 20px; padding: 18px 22px; }
article h2 { font-family: 'Cormorant Garamond', Georgia, serif; font-weight: 600; font-size: 22px; margin: 0 0 6px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0 0 12px; font-size: 13px; color: #4f473e; }
dt { font-weight: 600; }
dd { margin: 0; }
pre { white-space: pre-wrap; word-break: break-word; background: #fbf8f1; border-left: 3px solid #a88a4f; padding: 12px 14px; margin: 0 0 10px; font: 14px/1.5 ui-monospace, Menlo, Consolas, monospace; }
a { color: #5b1a28; }
.status { display: inline-block; padding: 0 8px; border-radius: 2px; font-size: 12px; text-transform: uppercase; letter-spacing: .08em; }
.status-sent { background: #e3efe2; } .status-queued { background: #f6f1e7; } .status-failed { background: #f3e4e2; }
.empty { color: #4f473e; font-style: italic; }
`;

function renderPage(views: View[], mail: OutboxMail): string {
  const articles = views
    .map((view) => {
      return `<article>
<h2>${escapeHtml(view.subject)}</h2>
<dl>
<dt>Time</dt><dd><time datetime="${escapeHtml(view.createdAt)}">${escapeHtml(view.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></dd>
<dt>To</dt><dd>${escapeHtml(view.to)}</dd>
<dt>Kind</dt><dd>${escapeHtml(view.kind)}</dd>
<dt>Tenant</dt><dd>${escapeHtml(view.tenantId)}</dd>
<dt>Status</dt><dd><span class="status status-${escapeHtml(view.status)}">${escapeHtml(view.status)}</span>${
        view.attempts > 1 ? ` after ${view.attempts} attempts` : ''
      }${view.lastError ? ` (${escapeHtml(view.lastError)})` : ''}</dd>
</dl>
${view.delivered ? '' : `<p class="empty">${NOT_DELIVERED}</p>\n`}<pre>${view.delivered ? linkify(view.text) : escapeHtml(view.text)}</pre>
<a href="${escapeHtml(view.htmlUrl)}">View the HTML part</a>
</article>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox (development)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p class="lead">Development only: mail is not sent while SMTP_URL is unset. It is queued, then written to ${escapeHtml(
    mail.transportDescription.replace(/^outbox /, ''),
  )}. Newest first; the last ${LIST_LIMIT} messages of every tenant. Reload to see new ones.</p>
${articles || '<p class="empty">No messages yet.</p>'}
</main>
</body>
</html>
`;
}

/**
 * GET /dev/outbox (page), /dev/outbox.json (the same, for tests) and /dev/outbox/:id.html (a
 * message's HTML part). Listed from mail_queue, so it shows what every API instance queued, with
 * its state; each message's words and links are read from what the outbox delivered, since the
 * row keeps no usable link (issue 11). Registered as exact routes, they win over the web app's
 * catch-all whatever the order.
 */
async function devOutboxPlugin(app: FastifyInstance, options: { mail: OutboxMail }) {
  const { mail } = options;

  /** Whatever is due is sent before listing, so a developer never waits for the worker's timer. */
  const listAfterDrain = async (to?: string): Promise<View[]> => {
    await mail.drain().catch((error: unknown) => app.log.warn({ err: error }, 'outbox drain failed'));
    const wanted = to?.trim().toLowerCase();
    const rows = (await mail.listRecent(LIST_LIMIT)).filter((row) => !wanted || row.toAddress.toLowerCase() === wanted);
    return Promise.all(rows.map(async (row) => toView(row, await readDelivered(mail, row))));
  };
  const routeOptions = { schema: { hide: true } };

  app.get('/dev/outbox', routeOptions, async (_request, reply) => {
    const views = await listAfterDrain();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderPage(views, mail));
  });

  app.get(
    '/dev/outbox.json',
    { schema: { hide: true, querystring: z.object({ to: textInput().max(320, { error: 'tooLong' }).optional() }) } },
    async (request, reply) => {
      const { to } = request.query as { to?: string };
      const messages = await listAfterDrain(to);
      return reply.header('cache-control', 'no-store').send({ transport: mail.transport, messages });
    },
  );

  app.get('/dev/outbox/:id.html', routeOptions, async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = isUuid(id) ? await mail.findById(id) : undefined;
    if (!row) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such message in the outbox.');
    }
    const delivered = await readDelivered(mail, row);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(delivered?.html ?? row.htmlBody);
  });
}

export default fp(devOutboxPlugin, { name: 'dev-outbox' });
