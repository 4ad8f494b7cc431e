import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MemberTierMoveInput, Tier, TierInput } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { customers, tiers } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, recordAudits, type AuditActor } from '../../shared/audit.js';
import { unknownTier } from './members.service.js';

const view = (row: typeof tiers.$inferSelect): Tier => ({ id: row.id, name: row.name, rank: row.rank });
const notFound = () => new ApiError('notFound', API_MESSAGES.tierNotFound);
const nameInUse = () =>
  new ApiError('conflict', API_MESSAGES.tierNameInUse, [{ field: 'name', code: 'tierNameInUse', message: API_MESSAGES.tierNameInUse }]);

/** The winery's tiers (name, rank) and moving members between them, singly or in bulk (issue 14, item 3). */
export function createTiersService(db: Database) {
  async function findLocked(tx: Database, tenantId: string, id: string) {
    const [row] = await tx.select().from(tiers).where(and(eq(tiers.tenantId, tenantId), eq(tiers.id, id))).for('update');
    if (!row) throw notFound();
    return row;
  }

  return {
    async create(actor: AuditActor, input: TierInput): Promise<Tier> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(tiers).values({ tenantId: actor.tenantId, ...input }).onConflictDoNothing().returning();
        if (!row) throw nameInUse();
        await recordAudit(tx, actor, { action: 'tier.create', entityType: 'tier', entityId: row.id, after: view(row) });
        return view(row);
      });
    },

    async update(actor: AuditActor, id: string, input: TierInput): Promise<Tier> {
      return db.transaction(async (tx) => {
        const before = await findLocked(tx, actor.tenantId, id);
        const [clash] = await tx
          .select({ id: tiers.id })
          .from(tiers)
          .where(and(eq(tiers.tenantId, actor.tenantId), eq(tiers.name, input.name), sql`${tiers.id} <> ${id}`));
        if (clash) throw nameInUse();
        const [row] = await tx.update(tiers).set(input).where(eq(tiers.id, id)).returning();
        await recordAudit(tx, actor, { action: 'tier.update', entityType: 'tier', entityId: id, before: view(before), after: view(row!) });
        return view(row!);
      });
    },

    /** Its members keep their place in the list, in no tier. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await findLocked(tx, actor.tenantId, id);
        const moved = await tx
          .update(customers)
          .set({ tierId: null })
          .where(and(eq(customers.tenantId, actor.tenantId), eq(customers.tierId, id)))
          .returning({ id: customers.id });
        await tx.delete(tiers).where(eq(tiers.id, id));
        await recordAudit(tx, actor, { action: 'tier.delete', entityType: 'tier', entityId: id, before: { ...view(before), members: moved.length }, after: null });
      });
    },

    /** All or nothing: an id that is not a member of the winery is a 400 naming it. One audit entry per member moved. */
    async move(actor: AuditActor, input: MemberTierMoveInput): Promise<{ updated: number }> {
      const { tenantId } = actor;
      const ids = [...new Set(input.customerIds)];
      return db.transaction(async (tx) => {
        if (input.tierId) {
          const [tier] = await tx.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.tenantId, tenantId), eq(tiers.id, input.tierId)));
          if (!tier) throw unknownTier();
        }
        const rows = await tx
          .select({ id: customers.id, tierId: customers.tierId })
          .from(customers)
          .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids)))
          .for('update');
        const found = new Map(rows.map((row) => [row.id, row.tierId]));
        const missing = input.customerIds.flatMap((id, index) =>
          found.has(id) ? [] : [{ field: `customerIds.${index}`, code: 'customerNotFound', message: API_MESSAGES.customerNotFound }],
        );
        if (missing.length > 0) throw new ApiError('validationError', API_MESSAGES.validation, missing.slice(0, 100));
        const changing = rows.filter((row) => row.tierId !== input.tierId).map((row) => row.id);
        if (changing.length === 0) return { updated: 0 };
        await tx.update(customers).set({ tierId: input.tierId }).where(and(eq(customers.tenantId, tenantId), inArray(customers.id, changing)));
        // Each entry names the tiers too, so the trail reads 'Cellar → Reserve', not two ids.
        const tierIds = [...new Set([input.tierId, ...changing.map((id) => found.get(id))].filter((id): id is string => Boolean(id)))];
        const named = new Map(
          (await tx.select({ id: tiers.id, name: tiers.name }).from(tiers).where(and(eq(tiers.tenantId, tenantId), inArray(tiers.id, tierIds)))).map((row) => [row.id, row.name]),
        );
        const tierOf = (tierId: string | null) => ({ tierId, tier: tierId ? (named.get(tierId) ?? null) : null });
        await recordAudits(
          tx,
          actor,
          changing.map((id) => ({ action: 'member.tier', entityType: 'member', entityId: id, before: tierOf(found.get(id) ?? null), after: tierOf(input.tierId) })),
        );
        return { updated: changing.length };
      });
    },
  };
}

export type TiersService = ReturnType<typeof createTiersService>;
