import { ALLOCATION_GRACE_MS, graceEndsAt, SECOND_MS } from '@winery/domain';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocationWindows } from '../allocations/allocation-windows.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { linkTokens, signInRequests, type LinkPurpose } from '../../db/schema/index.js';
import { newLinkToken } from './link-tokens.js';

export type LinkTokenRow = typeof linkTokens.$inferSelect;
export type SignInRequestRow = typeof signInRequests.$inferSelect;

export interface NewLink {
  tenantId: string;
  customerId: string;
  purpose: LinkPurpose;
  expiresAt: Date;
  createdAt: Date;
  allocationId?: string | null;
  requestId?: string | null;
}

/*
 * Link tokens, used by every module that e-mails a link (links, passwords, joining). Each takes
 * the app's database or the caller's transaction, so a token, the e-mail carrying it and the data
 * that caused both commit together.
 */

/** Stores a new token's digest and returns the raw token, which from then on exists only in the e-mail. */
export async function issueLinkToken(db: Database, link: NewLink): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.insert(linkTokens).values({ ...link, tokenHash: hash });
  return token;
}

/**
 * Uses a token up: one statement marks it used only if it is still unused, unexpired and of this
 * tenant and purpose, so of two requests racing with the same link exactly one gets the row.
 */
export async function consumeLinkToken(
  db: Database,
  input: { tenantId: string; tokenHash: string; purpose: LinkPurpose; at: Date },
): Promise<LinkTokenRow | undefined> {
  const [row] = await db
    .update(linkTokens)
    .set({ usedAt: input.at })
    .where(and(usable(input), eq(linkTokens.purpose, input.purpose)))
    .returning();
  return row;
}

/** The token a link would use, without using it (to check it before asking for a slow password hash). */
export async function findUsableLinkToken(
  db: Database,
  input: { tenantId: string; tokenHash: string; purpose: LinkPurpose; at: Date },
): Promise<LinkTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(linkTokens)
    .where(and(usable(input), eq(linkTokens.purpose, input.purpose)))
    .limit(1);
  return row;
}

/** A token of this tenant whatever its state: to tell an expired allocation link from a bad one. */
export async function findLinkToken(db: Database, tenantId: string, tokenHash: string): Promise<LinkTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(linkTokens)
    .where(and(eq(linkTokens.tenantId, tenantId), eq(linkTokens.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

/**
 * Ends a member's unused links of these purposes (optionally only one sign-in request's) now,
 * so only the newest e-mail works: an older reset link lying in a mailbox is worthless.
 */
export async function retireLinkTokens(
  db: Database,
  input: { tenantId: string; customerId: string; purposes: LinkPurpose[]; at: Date; requestId?: string },
): Promise<void> {
  await db
    .update(linkTokens)
    .set({ expiresAt: input.at })
    .where(
      and(
        eq(linkTokens.tenantId, input.tenantId),
        eq(linkTokens.customerId, input.customerId),
        inArray(linkTokens.purpose, input.purposes),
        isNull(linkTokens.usedAt),
        gt(linkTokens.expiresAt, input.at),
        input.requestId ? eq(linkTokens.requestId, input.requestId) : undefined,
      ),
    );
}

/**
 * True while the allocation's member may still use a link to it: until their own window's grace
 * ends (issue 17: a tier that closes sooner than the offering ends its links sooner too). The
 * stored expiry was set from the offering's end when the link was made; the member's window may
 * be shorter, or move when staff change the tier's close.
 */
const withinMemberGrace = (at: Date) => sql`not exists (
  select 1 from ${allocationWindows}
  where ${allocationWindows.allocationId} = ${linkTokens.allocationId}
    and ${allocationWindows.closesAt} + make_interval(secs => ${ALLOCATION_GRACE_MS / SECOND_MS}) <= ${at.toISOString()}::timestamptz)`;

function usable(input: { tenantId: string; tokenHash: string; at: Date }) {
  return and(
    eq(linkTokens.tenantId, input.tenantId),
    eq(linkTokens.tokenHash, input.tokenHash),
    isNull(linkTokens.usedAt),
    gt(linkTokens.expiresAt, input.at),
    or(isNull(linkTokens.allocationId), withinMemberGrace(input.at)),
  );
}

/** Whether the member's grace window in this allocation has ended at `at` (their link then says so). */
export async function memberGraceEnded(db: Database, allocationId: string, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ closesAt: allocationWindows.closesAt })
    .from(allocationWindows)
    .where(eq(allocationWindows.allocationId, allocationId))
    .limit(1);
  return row ? graceEndsAt(row).getTime() <= at.getTime() : false;
}

function linkQueries(db: Database) {
  // The customers repository's own look-ups, bound to this connection or transaction.
  const members = createCustomersRepository(db);
  return {
    findCustomer: members.findById,
    /** `email` lowercased, as stored. */
    findCustomerByEmail: members.findByEmail,

    async createSignInRequest(values: {
      tenantId: string;
      email: string;
      customerId: string | null;
      sends: number;
      createdAt: Date;
      lastSentAt: Date;
    }): Promise<SignInRequestRow> {
      const [row] = await db.insert(signInRequests).values(values).returning();
      return row!;
    },

    async findSignInRequest(tenantId: string, id: string): Promise<SignInRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(signInRequests)
        .where(and(eq(signInRequests.tenantId, tenantId), eq(signInRequests.id, id)))
        .limit(1);
      return row;
    },

    /**
     * Records an answer to the request if the last one is at least `cooldownMs` old, in one
     * statement, so two "resend" clicks at once send one e-mail. Undefined when it is too soon.
     */
    async claimResend(input: { tenantId: string; id: string; at: Date; cooldownMs: number; sent: boolean }) {
      const latest = new Date(input.at.getTime() - input.cooldownMs);
      const [row] = await db
        .update(signInRequests)
        .set({
          lastSentAt: input.at,
          sends: input.sent ? sql`${signInRequests.sends} + 1` : signInRequests.sends,
        })
        .where(
          and(
            eq(signInRequests.tenantId, input.tenantId),
            eq(signInRequests.id, input.id),
            or(isNull(signInRequests.lastSentAt), lte(signInRequests.lastSentAt, latest)),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type LinkQueries = ReturnType<typeof linkQueries>;

export function createLinksRepository(db: Database) {
  return {
    ...linkQueries(db),
    findLinkToken: (tenantId: string, tokenHash: string) => findLinkToken(db, tenantId, tokenHash),
    memberGraceEnded: (allocationId: string, at: Date) => memberGraceEnded(db, allocationId, at),
    /** Runs `work` in one transaction; `tx` is for the token and mail helpers. */
    transaction<T>(work: (queries: LinkQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(linkQueries(tx), tx));
    },
  };
}

export type LinksRepository = ReturnType<typeof createLinksRepository>;
