import { eq } from 'drizzle-orm';
import type { ListRules, ListRulesInput } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { tenants } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { renderMarkdown } from './markdown.js';

async function readRules(db: Database, tenantId: string, lock = false): Promise<ListRules> {
  const query = db
    .select({ markdown: tenants.listRulesMarkdown, html: tenants.listRulesHtml })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('notFound', API_MESSAGES.unknownTenant);
  return { markdown: row.markdown ?? '', html: row.html ?? '' };
}

/**
 * The winery's rules of the list (issue 17, item 5): written in Markdown in the console, stored
 * with the HTML members read, rendered once on save by the renderer the offering letters use.
 */
export function createListRulesService(db: Database) {
  return {
    read: (tenantId: string) => readRules(db, tenantId),

    /** Replaces the rules; empty Markdown takes them down (members then see none). */
    async replace(actor: AuditActor, input: ListRulesInput): Promise<ListRules> {
      const html = renderMarkdown(input.markdown);
      const empty = input.markdown.trim() === '';
      return db.transaction(async (tx) => {
        const before = await readRules(tx, actor.tenantId, true);
        await tx
          .update(tenants)
          .set({ listRulesMarkdown: empty ? null : input.markdown, listRulesHtml: empty ? null : html })
          .where(eq(tenants.id, actor.tenantId));
        const after = { markdown: empty ? '' : input.markdown, html: empty ? '' : html };
        await recordAudit(tx, actor, { action: 'listRules.replace', entityType: 'listRules', entityId: actor.tenantId, before, after });
        return after;
      });
    },
  };
}

export type ListRulesService = ReturnType<typeof createListRulesService>;
