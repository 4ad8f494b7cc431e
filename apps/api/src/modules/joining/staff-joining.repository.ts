import { and, asc, eq, sql } from 'drizzle-orm';
import { renderValidationMessage, type Page } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { allocationRequests } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { toJoinRequestView } from './joining.service.js';
import type { Prospect, ProspectListQuery } from './staff-joining.schemas.js';
import { isUuid } from '../../shared/uuid.js';


/** created_at to the microsecond, as the cursor carries it (a JavaScript Date keeps milliseconds only). */
const exactCreatedAt = sql<string>`to_char(${allocationRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Prospects' requests in arrival order (oldest first), a page at a time, each with its place among
 * the waiting requests of its kind: one statement, the place counted by a window over the waiting ones.
 */
export function createProspectList(db: Database) {
  return async function list(tenantId: string, query: ProspectListQuery): Promise<Page<Prospect>> {
    const after = decodeCursor(query.cursor, 2);
    if (after && (typeof after[0] !== 'string' || Number.isNaN(Date.parse(after[0])) || !isUuid(after[1]))) {
      const message = renderValidationMessage('invalidCursor');
      throw new ApiError('validationError', message, [{ field: 'cursor', code: 'invalidCursor', message }]);
    }
    const waiting = db
      .select({
        id: allocationRequests.id,
        position: sql<number>`row_number() over (partition by ${allocationRequests.kind} order by ${allocationRequests.createdAt}, ${allocationRequests.id})`.as('position'),
      })
      .from(allocationRequests)
      .where(and(eq(allocationRequests.tenantId, tenantId), eq(allocationRequests.status, 'pending')))
      .as('waiting');
    const rows = await db
      .select({ request: allocationRequests, position: waiting.position, key: exactCreatedAt })
      .from(allocationRequests)
      .leftJoin(waiting, eq(waiting.id, allocationRequests.id))
      .where(
        and(
          eq(allocationRequests.tenantId, tenantId),
          query.kind ? eq(allocationRequests.kind, query.kind) : undefined,
          query.status ? eq(allocationRequests.status, query.status) : undefined,
          after ? sql`(${allocationRequests.createdAt}, ${allocationRequests.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(allocationRequests.createdAt), asc(allocationRequests.id))
      .limit(query.limit + 1);
    return toPage(
      rows,
      query.limit,
      (row) => [row.key, row.request.id],
      (row) => ({ ...toJoinRequestView(row.request), position: row.position === null ? null : Number(row.position) }),
    );
  };
}

export type ProspectList = ReturnType<typeof createProspectList>;
