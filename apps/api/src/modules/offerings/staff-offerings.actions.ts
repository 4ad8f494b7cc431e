import { earlyCloseEnd, offeringPhase, type StaffOffering } from '@winery/domain';
import { apiText } from '../../i18n/i18n.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import type { Database } from '../../db/database.js';
import type { OfferingRow, StaffOfferingQueries, StaffOfferingsRepository } from './staff-offerings.repository.js';

const NAME_MAX_LENGTH = 120;
const SLUG_MAX_LENGTH = 80;

/** "Spring Release" → "Spring Release (copy)", within the name's length. */
function copyName(name: string): string {
  const suffix = apiText('offeringCopyName', { name: '' });
  return apiText('offeringCopyName', { name: name.slice(0, NAME_MAX_LENGTH - suffix.length) });
}

/** The first free `<slug>-copy-N` (a copy of a copy numbers on from the original's slug). */
function copySlug(slug: string, taken: string[]): string {
  const base = slug.replace(/-copy-\d+$/, '').slice(0, SLUG_MAX_LENGTH - 10);
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${base}-copy-${n}`)) n += 1;
  return `${base}-copy-${n}`;
}

const oneYearLater = (date: Date) => {
  const moved = new Date(date.getTime());
  moved.setUTCFullYear(moved.getUTCFullYear() + 1);
  return moved;
};

/** Publishing a draft, closing an open offering early, duplicating one as next season's draft. */
export function createStaffOfferingActions(
  repository: StaffOfferingsRepository,
  now: () => Date,
  detail: (tenantId: string, offeringId: string) => Promise<StaffOffering>,
) {
  /** Runs `work` on the offering locked in one transaction; 404 when it is not this tenant's. */
  const onLocked = (
    tenantId: string,
    offeringId: string,
    work: (q: StaffOfferingQueries, tx: Database, row: OfferingRow) => Promise<void>,
  ) =>
    repository.transaction(async (q, tx) => {
      const row = await q.lock(tenantId, offeringId);
      if (!row) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      await work(q, tx, row);
    });

  return {
    /** Draft → published: members allocated to it see it from its start. Publishing twice changes nothing. */
    async publish(actor: AuditActor, offeringId: string): Promise<StaffOffering> {
      await onLocked(actor.tenantId, offeringId, async (q, tx, row) => {
        if (row.status === 'published') return;
        await q.update(actor.tenantId, offeringId, { status: 'published', updatedAt: now() });
        await recordAudit(tx, actor, {
          action: 'offering.publish',
          entityType: 'offering',
          entityId: offeringId,
          before: { status: row.status },
          after: { status: 'published' },
        });
      });
      return detail(actor.tenantId, offeringId);
    },

    /** Ends an open offering now (its last open instant becomes the one before now: earlyCloseEnd). Closing one already closed early changes nothing; one not open is a 409. */
    async close(actor: AuditActor, offeringId: string): Promise<StaffOffering> {
      await onLocked(actor.tenantId, offeringId, async (q, tx, row) => {
        if (row.closedEarlyAt) return;
        const at = now();
        if (offeringPhase(row, at) !== 'open') throw new ApiError('conflict', API_MESSAGES.offeringNotOpen);
        const endDate = earlyCloseEnd(row.startDate, at);
        await q.update(actor.tenantId, offeringId, { endDate, closedEarlyAt: at, updatedAt: at });
        await recordAudit(tx, actor, {
          action: 'offering.close',
          entityType: 'offering',
          entityId: offeringId,
          before: { endDate: row.endDate, closedEarlyAt: null },
          after: { endDate, closedEarlyAt: at },
        });
      });
      return detail(actor.tenantId, offeringId);
    },

    /**
     * A new draft with the same content, wines, prices, default limits and rules, no stock and no
     * members, its window one year later: last season's offering as the start of the next one.
     */
    async duplicate(actor: AuditActor, offeringId: string): Promise<StaffOffering> {
      const { tenantId } = actor;
      const id = await repository.transaction(async (q, tx) => {
        const source = await q.lock(tenantId, offeringId, 'no key update');
        if (!source) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
        const base = source.slug.replace(/-copy-\d+$/, '').slice(0, SLUG_MAX_LENGTH - 10);
        const slug = copySlug(source.slug, await q.slugsLike(tenantId, `${base}-copy-`));
        const at = now();
        const copy = await q.insert(tenantId, {
          name: copyName(source.name),
          slug,
          campaignType: source.campaignType,
          startDate: oneYearLater(source.startDate),
          endDate: oneYearLater(source.endDate),
          metaData: source.metaData,
          letter: source.letter,
          vintageNotes: source.vintageNotes,
          orderMinimumCents: source.orderMinimumCents,
          combinations: [],
          status: 'draft',
          letterMarkdown: source.letterMarkdown,
          vintageNotesMarkdown: source.vintageNotesMarkdown,
          reminderDaysBefore: source.reminderDaysBefore,
          // The release settings carry over; the tiers' openings do not (they are dates of the old window).
          admissionPerMinute: source.admissionPerMinute,
          holdMinutes: source.holdMinutes,
          duplicatedFromId: source.id,
          updatedAt: at,
        });
        const wines = await q.offeringWines(tenantId, offeringId);
        const locations = [...new Set((await q.stock(tenantId, offeringId)).map((row) => row.locationId))];
        const newIdOf = new Map<string, string>();
        for (const [sortOrder, wine] of wines.entries()) {
          const newId = await q.upsertOfferingWine({
            tenantId,
            offeringId: copy.id,
            wineId: wine.wineId,
            priceCents: wine.priceCents,
            sortOrder,
            defaultMinimum: wine.defaultMinimum,
            defaultMaximum: wine.defaultMaximum,
          });
          await q.replaceStock(
            tenantId,
            newId,
            locations.map((locationId) => ({ locationId, quantity: 0 })),
          );
          newIdOf.set(wine.offeringWineId, newId);
        }
        const combinations = source.combinations.flatMap((rule) => {
          const wineId = newIdOf.get(rule.wineId);
          const requiresWineId = newIdOf.get(rule.requiresWineId);
          return wineId && requiresWineId ? [{ wineId, requiresWineId, quantity: rule.quantity }] : [];
        });
        await q.update(tenantId, copy.id, { combinations });
        await recordAudit(tx, actor, {
          action: 'offering.duplicate',
          entityType: 'offering',
          entityId: copy.id,
          after: {
            ...copy,
            combinations,
            wines: wines.map(({ wineId, priceCents, defaultMinimum, defaultMaximum }) => ({
              wineId,
              priceCents,
              defaultMinimum,
              defaultMaximum,
            })),
          },
        });
        return copy.id;
      });
      return detail(tenantId, id);
    },
  };
}
