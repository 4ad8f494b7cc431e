import { openingsProblems, renderValidationMessage, type OfferingOpenings, type OfferingOpeningsInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { invalid, problem } from './offering-problems.js';
import type { StoredOpening, StaffOpeningsRepository } from './staff-openings.repository.js';

const view = (rows: StoredOpening[]): OfferingOpenings => ({
  openings: rows.map((row) => ({
    tierId: row.tierId,
    tierName: row.tierName,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt?.toISOString() ?? null,
  })),
});

const notFound = () => new ApiError('notFound', API_MESSAGES.offeringNotFound);

/**
 * Each tier's own opening (and optional close) within an offering (issue 17). Members read their
 * window from the view allocation_windows, so a change here moves what every member of the tier
 * sees and may do at once.
 */
export function createStaffOpeningsService(repository: StaffOpeningsRepository, now: () => Date) {
  return {
    async list(tenantId: string, offeringId: string): Promise<OfferingOpenings> {
      if (!(await repository.findOffering(tenantId, offeringId))) throw notFound();
      return view(await repository.list(tenantId, offeringId));
    },

    /**
     * Replaces every opening of the offering. The route's schema checked each tier once and each
     * opening before its close; here, under the offering's lock, the closes against its end as
     * stored, and that every tier is the tenant's (another tenant's answers 404 like an unknown one).
     */
    async replace(actor: AuditActor, offeringId: string, input: OfferingOpeningsInput): Promise<OfferingOpenings> {
      const { tenantId } = actor;
      const rows = await repository.transaction(async (q, tx) => {
        const offering = await q.lockOffering(tenantId, offeringId);
        if (!offering) throw notFound();
        const tierIds = input.openings.map((opening) => opening.tierId);
        const known = new Set(await q.tiersOf(tenantId, tierIds));
        const unknown = tierIds.flatMap((tierId, index) =>
          known.has(tierId) ? [] : [problem(`openings.${index}.tierId`, 'tierNotFound', API_MESSAGES.tierNotFound)],
        );
        if (unknown.length > 0) throw new ApiError('notFound', API_MESSAGES.tierNotFound, unknown);
        const problems = openingsProblems(input.openings, offering.endDate);
        if (problems.length > 0) {
          throw invalid(problems.map((p) => problem(p.path.join('.'), p.message, renderValidationMessage(p.message))));
        }
        const before = await q.list(tenantId, offeringId);
        const openings = input.openings.map((opening) => ({
          tierId: opening.tierId,
          opensAt: new Date(opening.opensAt),
          closesAt: opening.closesAt === null ? null : new Date(opening.closesAt),
        }));
        await q.replace(tenantId, offeringId, openings, now());
        const after = await q.list(tenantId, offeringId);
        await recordAudit(tx, actor, {
          action: 'offering.openings',
          entityType: 'offering',
          entityId: offeringId,
          before: view(before),
          after: view(after),
        });
        return after;
      });
      return view(rows);
    },
  };
}

export type StaffOpeningsService = ReturnType<typeof createStaffOpeningsService>;
