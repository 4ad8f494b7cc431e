import { and, count, desc, eq, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { paymentCards } from '../../db/schema/index.js';
import { lockCustomer } from '../customers/customers.repository.js';

export type CardRow = typeof paymentCards.$inferSelect;

/** What the gateway lets us keep of a card; never its number or security code. */
export interface CardValues {
  gateway: string;
  gatewayToken: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardHolderName: string;
  /** The gateway's fingerprint of the number (never the number); null for cards saved before it was kept. */
  fingerprint: string | null;
  preferred: boolean;
}

function cardQueries(db: Database) {
  const ofCustomer = (tenantId: string, customerId: string, ...more: SQL[]) =>
    and(eq(paymentCards.tenantId, tenantId), eq(paymentCards.customerId, customerId), ...more);

  return {
    lockCustomer: (tenantId: string, customerId: string) => lockCustomer(db, tenantId, customerId),

    /** The preferred card first, then the newest. */
    async listForCustomer(tenantId: string, customerId: string): Promise<CardRow[]> {
      return db
        .select()
        .from(paymentCards)
        .where(ofCustomer(tenantId, customerId))
        .orderBy(desc(paymentCards.preferred), desc(paymentCards.createdAt), desc(paymentCards.id));
    },

    /** Any member's card of this tenant: the service tells "not yours" from "not there". */
    async findById(tenantId: string, id: string): Promise<CardRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentCards)
        .where(and(eq(paymentCards.tenantId, tenantId), eq(paymentCards.id, id)))
        .limit(1);
      return row;
    },

    async countForCustomer(tenantId: string, customerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(paymentCards).where(ofCustomer(tenantId, customerId));
      return Number(row?.n ?? 0);
    },

    async clearPreferred(tenantId: string, customerId: string, at: Date, exceptId?: string) {
      await db
        .update(paymentCards)
        .set({ preferred: false, updatedAt: at })
        .where(ofCustomer(tenantId, customerId, eq(paymentCards.preferred, true), ...(exceptId ? [ne(paymentCards.id, exceptId)] : [])));
    },

    /** The member's saved card with this fingerprint, if any. */
    async findByFingerprint(tenantId: string, customerId: string, fingerprint: string): Promise<CardRow | undefined> {
      const [row] = await db.select().from(paymentCards).where(ofCustomer(tenantId, customerId, eq(paymentCards.fingerprint, fingerprint))).limit(1);
      return row;
    },

    /**
     * Undefined when the member already has this card (the same fingerprint): the unique index
     * decides, so two saves of one card at once still leave one row, whoever checked first.
     */
    async insert(tenantId: string, customerId: string, values: CardValues, at: Date): Promise<CardRow | undefined> {
      const [row] = await db
        .insert(paymentCards)
        .values({ ...values, tenantId, customerId, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: [paymentCards.customerId, paymentCards.fingerprint], where: isNotNull(paymentCards.fingerprint) })
        .returning();
      return row;
    },

    async setPreferred(tenantId: string, id: string, at: Date): Promise<CardRow> {
      const [row] = await db
        .update(paymentCards)
        .set({ preferred: true, updatedAt: at })
        .where(and(eq(paymentCards.tenantId, tenantId), eq(paymentCards.id, id)))
        .returning();
      return row!;
    },

    async remove(tenantId: string, id: string): Promise<void> {
      await db.delete(paymentCards).where(and(eq(paymentCards.tenantId, tenantId), eq(paymentCards.id, id)));
    },

    async newest(tenantId: string, customerId: string): Promise<CardRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentCards)
        .where(ofCustomer(tenantId, customerId))
        .orderBy(desc(paymentCards.createdAt), desc(paymentCards.id))
        .limit(1);
      return row;
    },
  };
}

export type CardQueries = ReturnType<typeof cardQueries>;

export function createCardsRepository(db: Database) {
  return {
    ...cardQueries(db),
    /** Runs `work` in one transaction; a failure leaves the member's cards as they were. */
    transaction<T>(work: (queries: CardQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(cardQueries(tx)));
    },
  };
}

export type CardsRepository = ReturnType<typeof createCardsRepository>;
