import { and, desc, eq, sql } from 'drizzle-orm';
import { normaliseBottleId, renderValidationMessage, type Page } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { bottleChecks, bottles, wines } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import type { SuspiciousBottle } from './bottles.schemas.js';
import { BOTTLE_CHECKS_SHOWN, type StaffBottle } from './staff-bottles.schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The registry as staff read it: one bottle with its checks, and the suspicious list a page at a time. */
export function createBottleRegistry(db: Database, now: () => Date) {
  return {
    /** By the ID on the label (any case, dash optional); 404 when no bottle of this tenant has it. */
    async bottle(tenantId: string, typed: string): Promise<StaffBottle> {
      const bottleId = normaliseBottleId(typed);
      const [row] = bottleId
        ? await db
            .select({ bottle: bottles, wine: { id: wines.id, name: wines.name, vintage: wines.vintage, sizeMl: wines.sizeMl } })
            .from(bottles)
            .innerJoin(wines, eq(wines.id, bottles.wineId))
            .where(and(eq(bottles.tenantId, tenantId), eq(bottles.bottleId, bottleId)))
        : [];
      if (!row) throw new ApiError('notFound', API_MESSAGES.bottleNotFound);
      const [summary] = await db
        .select({ checkCount: sql<number>`count(*)`.mapWith(Number), firstVerifiedAt: sql<Date | null>`min(${bottleChecks.checkedAt})` })
        .from(bottleChecks)
        .where(and(eq(bottleChecks.tenantId, tenantId), eq(bottleChecks.bottleRef, row.bottle.id)));
      const checks = await db
        .select({ at: bottleChecks.checkedAt, country: bottleChecks.originCountry, result: bottleChecks.result })
        .from(bottleChecks)
        .where(and(eq(bottleChecks.tenantId, tenantId), eq(bottleChecks.bottleRef, row.bottle.id)))
        .orderBy(desc(bottleChecks.checkedAt), desc(bottleChecks.id))
        .limit(BOTTLE_CHECKS_SHOWN);
      const first = summary?.firstVerifiedAt;
      return {
        bottleId: row.bottle.bottleId,
        bottleNumber: row.bottle.bottleNumber,
        wine: row.wine,
        registeredAt: row.bottle.createdAt.toISOString(),
        firstVerifiedAt: first ? new Date(first).toISOString() : null,
        checkCount: summary?.checkCount ?? 0,
        checks: checks.map((check) => ({ at: check.at.toISOString(), origin: check.country ?? 'unknown', result: check.result })),
      };
    },

    /**
     * Bottles checked at least `minChecks` times in the last `days` days, most-checked first (then by
     * ID), `limit` after the cursor's (checks, bottle ID).
     */
    async suspicious(tenantId: string, query: { minChecks: number; days: number; limit: number; cursor?: string }): Promise<Page<SuspiciousBottle>> {
      const after = decodeCursor(query.cursor, 2);
      if (after && (typeof after[0] !== 'number' || typeof after[1] !== 'string')) {
        const message = renderValidationMessage('invalidCursor');
        throw new ApiError('validationError', message, [{ field: 'cursor', code: 'invalidCursor', message }]);
      }
      const since = new Date(now().getTime() - query.days * DAY_MS);
      const checks = sql<number>`count(${bottleChecks.id})`;
      const rows = await db
        .select({
          bottleId: bottles.bottleId,
          wineId: wines.id,
          wine: wines.name,
          vintage: wines.vintage,
          sizeMl: wines.sizeMl,
          bottleNumber: bottles.bottleNumber,
          checks: checks.mapWith(Number),
          networks: sql<number>`count(distinct ${bottleChecks.originNetwork})`.mapWith(Number),
          countries: sql<number>`count(distinct ${bottleChecks.originCountry})`.mapWith(Number),
          firstCheckedAt: sql<string>`min(${bottleChecks.checkedAt})`,
          lastCheckedAt: sql<string>`max(${bottleChecks.checkedAt})`,
        })
        .from(bottleChecks)
        .innerJoin(bottles, eq(bottles.id, bottleChecks.bottleRef))
        .innerJoin(wines, eq(wines.id, bottles.wineId))
        .where(and(eq(bottleChecks.tenantId, tenantId), sql`${bottleChecks.checkedAt} >= ${since.toISOString()}::timestamptz`))
        .groupBy(bottles.id, wines.id)
        .having(
          and(
            sql`${checks} >= ${query.minChecks}`,
            after ? sql`(${checks} < ${after[0]} or (${checks} = ${after[0]} and ${bottles.bottleId} > ${after[1]}))` : undefined,
          ),
        )
        .orderBy(sql`${checks} desc`, bottles.bottleId)
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (row) => [row.checks, row.bottleId],
        (row) => ({ ...row, firstCheckedAt: new Date(row.firstCheckedAt).toISOString(), lastCheckedAt: new Date(row.lastCheckedAt).toISOString() }),
      );
    },
  };
}

export type BottleRegistry = ReturnType<typeof createBottleRegistry>;
