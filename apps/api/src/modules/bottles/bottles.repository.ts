import { and, count, eq, inArray, min } from 'drizzle-orm';
import { retryOnTransientConflict } from '../../shared/db-errors.js';
import type { Database } from '../../db/database.js';
import { bottleChecks, bottles, wines, type BottleCheckResult } from '../../db/schema/index.js';

export interface RegisteredBottle {
  id: string;
  bottleId: string;
  bottleNumber: number;
  wine: string;
  vintage: number;
  sizeMl: number;
}

export interface NewCheck {
  tenantId: string;
  bottleRef: string | null;
  typedId: string;
  result: BottleCheckResult;
  originNetwork: string | null;
  originCountry: string | null;
  checkedAt: Date;
}

const INSERT_CHUNK = 1_000;
const LOOKUP_CHUNK = 5_000;

export function createBottlesRepository(db: Database) {
  return {
    /** The registered bottle with this canonical ID (or whatever was typed: then none). */
    async findBottle(tenantId: string, bottleId: string): Promise<RegisteredBottle | null> {
      const [row] = await db
        .select({
          id: bottles.id,
          bottleId: bottles.bottleId,
          bottleNumber: bottles.bottleNumber,
          wine: wines.name,
          vintage: wines.vintage,
          sizeMl: wines.sizeMl,
        })
        .from(bottles)
        .innerJoin(wines, eq(wines.id, bottles.wineId))
        .where(and(eq(bottles.tenantId, tenantId), eq(bottles.bottleId, bottleId)))
        .limit(1);
      return row ?? null;
    },

    async recordCheck(check: NewCheck): Promise<void> {
      await db.insert(bottleChecks).values(check);
    },

    /** The first verified check of a bottle and how many there have been. */
    async verificationStats(bottleRef: string): Promise<{ firstVerifiedAt: Date; verificationCount: number } | null> {
      const [row] = await db
        .select({ first: min(bottleChecks.checkedAt), total: count() })
        .from(bottleChecks)
        .where(and(eq(bottleChecks.bottleRef, bottleRef), eq(bottleChecks.result, 'verified')));
      if (!row?.first) return null;
      return { firstVerifiedAt: new Date(row.first), verificationCount: Number(row.total) };
    },

    async listWines(tenantId: string) {
      return db
        .select({ id: wines.id, name: wines.name, vintage: wines.vintage, sizeMl: wines.sizeMl })
        .from(wines)
        .where(eq(wines.tenantId, tenantId));
    },

    /** Which of these canonical IDs the tenant has already registered. */
    async registeredIds(tenantId: string, bottleIds: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < bottleIds.length; start += LOOKUP_CHUNK) {
        const chunk = bottleIds.slice(start, start + LOOKUP_CHUNK);
        const rows = await db
          .select({ bottleId: bottles.bottleId })
          .from(bottles)
          .where(and(eq(bottles.tenantId, tenantId), inArray(bottles.bottleId, chunk)));
        for (const row of rows) found.add(row.bottleId);
      }
      return found;
    },

    /** "wineId|number" of the bottles already registered for these wines. */
    async registeredNumbers(tenantId: string, wineIds: string[]): Promise<Set<string>> {
      if (wineIds.length === 0) return new Set();
      const rows = await db
        .select({ wineId: bottles.wineId, bottleNumber: bottles.bottleNumber })
        .from(bottles)
        .where(and(eq(bottles.tenantId, tenantId), inArray(bottles.wineId, wineIds)));
      return new Set(rows.map((row) => `${row.wineId}|${row.bottleNumber}`));
    },

    /**
     * All or nothing: one transaction; a unique violation (a concurrent import) rolls all back.
     * Inserted in ID order whatever the file's order: two imports that share bottles then meet on
     * the first one they share (the second waits, then fails on the unique index) instead of each
     * holding an ID the other needs, which PostgreSQL would end as a deadlock.
     */
    async insertBottles(
      tenantId: string,
      rows: Array<{ bottleId: string; wineId: string; bottleNumber: number }>,
      /** Runs in the same transaction once the rows are in (the staff audit entry). */
      andThen?: (tx: Database) => Promise<void>,
    ): Promise<number> {
      const ordered = [...rows].sort((a, b) => (a.bottleId < b.bottleId ? -1 : a.bottleId > b.bottleId ? 1 : 0));
      // IDs and numbers are two unique indexes: imports that overlap on numbers may still meet in
      // the other order, and PostgreSQL ends one as a deadlock. Run it again; the unique index
      // then answers (409) if the bottles really are taken.
      await retryOnTransientConflict(() =>
        db.transaction(async (tx) => {
          for (let start = 0; start < ordered.length; start += INSERT_CHUNK) {
            await tx.insert(bottles).values(ordered.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, tenantId })));
          }
          await andThen?.(tx);
        }),
      );
      return rows.length;
    },
  };
}

export type BottlesRepository = ReturnType<typeof createBottlesRepository>;
