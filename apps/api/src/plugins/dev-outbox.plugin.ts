import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { findLinkPositions, findLinks } from '../modules/mail/find-links.js';
import type { MailRow } from '../modules/mail/mail.repository.js';
import type { MailService } from '../modules/mail/mail.service.js';
import { escapeHtml } from '../modules/mail/templates/layout.js';

/**
 * The outbox page exists only where it is safe: mail goes to the local outbox (no SMTP_URL) and
 * the app is not in production. It shows every tenant's mail, links that sign people in included.
 */
export function devOutboxEnabled(options: { transport: string; production: boolean }): boolean {
  return options.transport === 'outbox' && !options.production;
}

const LIST_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

const toView = (row: MailRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  kind: row.kind,
  to: row.toAddress,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  text: row.textBody,
  links: findLinks(row.textBody),
  htmlUrl: `/dev/outbox/${row.id}.html`,
});

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

function renderPage(rows: MailRow[], mail: MailService): string {
  const articles = rows
    .map((row) => {
      const view = toView(row);
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
<pre>${linkify(view.text)}</pre>
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
 * message's HTML part). Listed from mail_queue, not the folder, so it shows what every API
 * instance queued, with its state. Registered as exact routes, they win over the web app's
 * catch-all whatever the order.
 */
async function devOutboxPlugin(app: FastifyInstance, options: { mail: MailService }) {
  const { mail } = options;

  /** Whatever is due is sent before listing, so a developer never waits for the worker's timer. */
  const listAfterDrain = async () => {
    await mail.drain().catch((error: unknown) => app.log.warn({ errorName: (error as Error)?.name }, 'outbox drain failed'));
    return mail.listRecent(LIST_LIMIT);
  };
  const routeOptions = { schema: { hide: true } };

  app.get('/dev/outbox', routeOptions, async (_request, reply) => {
    const rows = await listAfterDrain();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderPage(rows, mail));
  });

  app.get(
    '/dev/outbox.json',
    { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) } },
    async (request, reply) => {
      const { to } = request.query as { to?: string };
      const rows = await listAfterDrain();
      const wanted = to?.trim().toLowerCase();
      const messages = rows.filter((row) => !wanted || row.toAddress.toLowerCase() === wanted).map(toView);
      return reply.header('cache-control', 'no-store').send({ transport: mail.transport, messages });
    },
  );

  app.get('/dev/outbox/:id.html', routeOptions, async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = UUID.test(id) ? await mail.findById(id) : undefined;
    if (!row) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such message in the outbox.');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(row.htmlBody);
  });
}

export default fp(devOutboxPlugin, { name: 'dev-outbox' });
