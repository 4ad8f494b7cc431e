import { and, eq, gt, isNull } from 'drizzle-orm';
import { renderValidationMessage, type StaffMemberCreateInput, type StaffMemberDetail, type StaffMemberInput } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { addresses, customers, linkTokens, tiers } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { createSessionsRepository } from '../auth/sessions.repository.js';
import type { CustomerRow } from '../customers/customers.repository.js';
import { readMemberDetail } from './member-profile.repository.js';

/** A member as the audit trail keeps them: no password hash, no sign-in history. */
export const memberSnapshot = (row: CustomerRow) => {
  const { passwordHash, loginActivity, ...rest } = row;
  return { ...rest, hasPassword: passwordHash !== null, signIns: loginActivity.length };
};

const notFound = () => new ApiError('notFound', API_MESSAGES.customerNotFound);
const emailInUse = () =>
  new ApiError('conflict', API_MESSAGES.emailInUse, [{ field: 'email', code: 'emailInUse', message: renderValidationMessage('emailInUse') }]);
export const unknownTier = (field = 'tierId') =>
  new ApiError('validationError', API_MESSAGES.tierNotFound, [{ field, code: 'tierNotFound', message: API_MESSAGES.tierNotFound }]);

const columns = (input: StaffMemberInput) => ({
  prefix: input.prefix ?? null,
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email.toLowerCase(),
  phone: input.phone ?? null,
  dateOfBirth: input.dateOfBirth ?? null,
  company: input.company ?? null,
  tierId: input.tierId ?? null,
  memberSince: input.memberSince ?? null,
});

/** Staff create, edit, deactivate and reactivate members (issue 14, item 1); each change audited in its transaction. */
export function createMembersService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function checkTier(tx: Database, tenantId: string, tierId: string | null | undefined) {
    if (!tierId) return;
    const [tier] = await tx.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.tenantId, tenantId), eq(tiers.id, tierId)));
    if (!tier) throw unknownTier();
  }

  async function findLocked(tx: Database, tenantId: string, id: string) {
    const [row] = await tx.select().from(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, id))).for('update');
    if (!row) throw notFound();
    return row;
  }

  /** Runs a change; a taken e-mail (also in a race) is a 409 on the email field. */
  async function write<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, 'customers_tenant_email_unique')) throw emailInUse();
      throw error;
    }
  }

  async function setActive(actor: AuditActor, id: string, active: boolean): Promise<StaffMemberDetail> {
    const { tenantId } = actor;
    const at = now();
    await write(async (tx) => {
      const row = await findLocked(tx, tenantId, id);
      if ((row.deactivatedAt === null) === active) return;
      const [updated] = await tx
        .update(customers)
        .set({ deactivatedAt: active ? null : at, updatedAt: at })
        .where(eq(customers.id, id))
        .returning();
      if (!active) {
        // Signed out everywhere, and every link in a mailbox stops working.
        await createSessionsRepository(tx, 'member').revokeAllOf(tenantId, id, at);
        await tx
          .update(linkTokens)
          .set({ expiresAt: at })
          .where(and(eq(linkTokens.tenantId, tenantId), eq(linkTokens.customerId, id), isNull(linkTokens.usedAt), gt(linkTokens.expiresAt, at)));
      }
      await recordAudit(tx, actor, {
        action: active ? 'member.reactivate' : 'member.deactivate',
        entityType: 'member',
        entityId: id,
        before: memberSnapshot(row),
        after: memberSnapshot(updated!),
      });
    });
    return (await readMemberDetail(db, tenantId, id))!;
  }

  return {
    async detail(tenantId: string, id: string): Promise<StaffMemberDetail> {
      const detail = await readMemberDetail(db, tenantId, id);
      if (!detail) throw notFound();
      return detail;
    },

    async create(actor: AuditActor, input: StaffMemberCreateInput): Promise<StaffMemberDetail> {
      const { tenantId } = actor;
      const at = now();
      const id = await write(async (tx) => {
        await checkTier(tx, tenantId, input.tierId);
        const [row] = await tx
          .insert(customers)
          .values({ tenantId, ...columns(input), createdAt: at, updatedAt: at })
          .returning();
        const address = input.address
          ? (
              await tx
                .insert(addresses)
                .values({ tenantId, customerId: row!.id, ...input.address, address2: input.address.address2 ?? null, stateCode: input.address.stateCode ?? null, isDefaultShipping: true, isDefaultBilling: true })
                .returning()
            )[0]
          : null;
        await recordAudit(tx, actor, { action: 'member.create', entityType: 'member', entityId: row!.id, after: { ...memberSnapshot(row!), address } });
        return row!.id;
      });
      return (await readMemberDetail(db, tenantId, id))!;
    },

    async update(actor: AuditActor, id: string, input: StaffMemberInput): Promise<StaffMemberDetail> {
      const { tenantId } = actor;
      const at = now();
      await write(async (tx) => {
        const row = await findLocked(tx, tenantId, id);
        await checkTier(tx, tenantId, input.tierId);
        const [updated] = await tx
          .update(customers)
          // Left out, the tier stays as it is (null takes the member out of any tier).
          .set({ ...columns(input), tierId: input.tierId === undefined ? row.tierId : input.tierId, updatedAt: at })
          .where(eq(customers.id, id))
          .returning();
        await recordAudit(tx, actor, { action: 'member.update', entityType: 'member', entityId: id, before: memberSnapshot(row), after: memberSnapshot(updated!) });
      });
      return (await readMemberDetail(db, tenantId, id))!;
    },

    /** No sign-in (password, link or allocation link) and no invitation from now on; idempotent. */
    deactivate: (actor: AuditActor, id: string) => setActive(actor, id, false),
    reactivate: (actor: AuditActor, id: string) => setActive(actor, id, true),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
