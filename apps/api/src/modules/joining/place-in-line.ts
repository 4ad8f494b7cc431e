import type { KeyObject } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import {
  DAY_MS,
  estimateAdmission,
  MINUTE_MS,
  placeAmong,
  PLACE_HISTORY_OFFERINGS,
  type PlaceInLine,
} from '@winery/domain';
import type { Database } from '../../db/database.js';
import { allocationRequests, offerings, type RequestKind } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { retryAfterHeader, waitInWords, type AttemptCounter, type Limit } from '../../shared/attempt-counter.js';
import { apiText } from '../../i18n/i18n.js';
import type { RequestLimiter } from '../links/request-limits.js';
import { rateLimitSubject } from '../bottles/network-origin.js';
import { createSignedIdTokens } from '../mail/signed-id-tokens.js';
import { secretLink, type SecretLink } from '../mail/templates/secret-link.js';

/** The page the e-mailed link opens; the token goes in the fragment, so no server logs it. */
export const PLACE_IN_LINE_PATH = '/allocation-request#t=';

/** Long enough for a prospect who waits a season or two; the page then says the link expired. */
export const PLACE_LINK_LIFETIME_MS = 180 * DAY_MS;

/** Look-ups per network: a page opened and reloaded now and then, never a walk of the list. */
export const PLACE_LOOKUP_LIMIT: Limit = { max: 30, windowMs: 15 * MINUTE_MS };

// Labels of this use alone: a place token is never an unsubscribe token, nor the reverse.
const HKDF_SALT = 'aldermoor place-in-line links';
const HKDF_INFO = 'aldermoor/place-in-line-token/hmac-sha256/v1';

/** The signed token of one request's place-in-line link, stored nowhere (signed-id-tokens.ts). */
export function createPlaceTokens(secret: KeyObject | Buffer) {
  const tokens = createSignedIdTokens(secret, { purposes: ['place-in-line'] as const, salt: HKDF_SALT, info: HKDF_INFO });
  return {
    /** The link for the acknowledgement e-mail of request `requestId`, made at `at`. */
    link(requestId: string, at: Date): SecretLink {
      const token = tokens.issue({ id: requestId, purpose: 'place-in-line', expiresAt: new Date(at.getTime() + PLACE_LINK_LIFETIME_MS) });
      return secretLink(PLACE_IN_LINE_PATH, token);
    },
    /** The request id of a valid, unexpired token; null for anything else. */
    read(token: string, at: Date): string | null {
      return tokens.read(token, at)?.id ?? null;
    },
  };
}

export type PlaceTokens = ReturnType<typeof createPlaceTokens>;

export function createPlaceRepository(db: Database) {
  return {
    async findRequest(tenantId: string, id: string) {
      const [row] = await db
        .select({ id: allocationRequests.id, kind: allocationRequests.kind, status: allocationRequests.status, createdAt: allocationRequests.createdAt })
        .from(allocationRequests)
        .where(and(eq(allocationRequests.tenantId, tenantId), eq(allocationRequests.id, id)));
      return row;
    },

    /** The queue: every pending request of one kind, by request time. */
    async pending(tenantId: string, kind: RequestKind) {
      const rows = await db
        .select({ id: allocationRequests.id, requestedAt: allocationRequests.createdAt })
        .from(allocationRequests)
        .where(and(eq(allocationRequests.tenantId, tenantId), eq(allocationRequests.kind, kind), eq(allocationRequests.status, 'pending')))
        .orderBy(asc(allocationRequests.createdAt), asc(allocationRequests.id));
      return rows;
    },

    /** Starts of the latest offerings members were offered (published, not cancelled) up to `now`. */
    async recentOfferingStarts(tenantId: string, now: Date): Promise<Date[]> {
      const rows = await db
        .selectDistinct({ startDate: offerings.startDate })
        .from(offerings)
        .where(and(eq(offerings.tenantId, tenantId), ne(offerings.status, 'draft'), isNull(offerings.cancelledAt), lte(offerings.startDate, now)))
        .orderBy(desc(offerings.startDate))
        .limit(PLACE_HISTORY_OFFERINGS + 1);
      return rows.map((row) => row.startDate);
    },

    /** When requests of `kind` were approved after `since`. */
    async approvalsSince(tenantId: string, kind: RequestKind, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ decidedAt: allocationRequests.decidedAt })
        .from(allocationRequests)
        .where(
          and(
            eq(allocationRequests.tenantId, tenantId),
            eq(allocationRequests.kind, kind),
            eq(allocationRequests.status, 'approved'),
            isNotNull(allocationRequests.decidedAt),
            gt(allocationRequests.decidedAt, since),
          ),
        );
      return rows.flatMap((row) => (row.decidedAt ? [row.decidedAt] : []));
    },
  };
}

export type PlaceRepository = ReturnType<typeof createPlaceRepository>;

/** One answer for an altered, expired, another producer's or a vanished request's link: nothing is revealed. */
const linkInvalid = () =>
  new ApiError('validationError', apiText('placeLinkInvalid'), [
    { field: 'token', code: 'placeLinkInvalid', message: apiText('placeLinkInvalid') },
  ]);

export interface PlaceServiceDependencies {
  repository: PlaceRepository;
  tokens: PlaceTokens;
  counter: AttemptCounter;
  limiter: RequestLimiter;
  now: () => Date;
}

/**
 * A prospect's place in line (issue 17, item 4; ADR 031): from the token of their e-mailed link,
 * no sign-in. Every look-up is counted per network, and a token that does not work also spends
 * the network's budget of bad links, shared with every other link (ADR 012); 429 once it is spent.
 */
export function createPlaceService({ repository, tokens, counter, limiter, now }: PlaceServiceDependencies) {
  return {
    async lookUp(tenantId: string, token: string, ip: string): Promise<PlaceInLine> {
      const at = now();
      const counted = await counter.count([{ key: `place-in-line:ip:${rateLimitSubject(ip)}`, ...PLACE_LOOKUP_LIMIT }], at);
      if (!counted.allowed) {
        const wait = waitInWords(counted.resetAt.getTime() - at.getTime());
        throw new ApiError('rateLimited', API_MESSAGES.networkRateLimited(wait), undefined, retryAfterHeader(counted.resetAt, at));
      }
      const requestId = tokens.read(token, at);
      const request = requestId ? await repository.findRequest(tenantId, requestId) : undefined;
      if (!request) {
        // Only a token that does not work is charged: a good one is checked by its signature
        // alone, so members of one office opening theirs at once do not spend each other's budget.
        await limiter.takeLinkTry(ip, at);
        throw linkInvalid();
      }

      const base = { kind: request.kind, status: request.status, requestedAt: request.createdAt.toISOString() };
      if (request.status !== 'pending') return { ...base, position: null, aheadOfYou: null, waiting: null, estimate: null };
      const pending = await repository.pending(tenantId, request.kind);
      const place = placeAmong({ id: request.id, requestedAt: request.createdAt }, pending);
      if (!place) return { ...base, position: null, aheadOfYou: null, waiting: null, estimate: null };
      const starts = await repository.recentOfferingStarts(tenantId, at);
      const oldest = starts[starts.length - 1];
      const approvals = oldest ? await repository.approvalsSince(tenantId, request.kind, oldest) : [];
      const estimate = estimateAdmission({ position: place.position, offeringStarts: starts, approvals, now: at });
      return { ...base, ...place, estimate };
    },
  };
}

export type PlaceService = ReturnType<typeof createPlaceService>;
