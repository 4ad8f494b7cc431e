import { HOUR_MS, renderValidationMessage, type Page, type SetPasswordInput, type StaffAccount, type StaffAccountInviteInput, type StaffRole } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit } from '../../shared/audit.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import type { SignedInStaff } from '../../shared/principals.js';
import { isCommonPassword } from '../auth/common-passwords.js';
import { hashPassword } from '../auth/password.service.js';
import type { SessionStore } from '../auth/session-store.js';
import { hashLinkToken, LINK_LIFETIME_MS, newLinkToken } from '../links/link-tokens.js';
import { linkInvalid } from '../links/links.service.js';
import type { RequestLimiter } from '../links/request-limits.js';
import type { MailService } from '../mail/mail.service.js';
import { secretLink } from '../mail/templates/secret-link.js';
import type { StaffAccountQueries, StaffAccountRow, StaffAccountsRepository } from './staff-accounts.repository.js';

/** Where the invitation opens on the site (the web app's page); the token is the last segment. */
export const STAFF_CREATE_PASSWORD_PATH = '/staff/create-password/';

export interface StaffAccountsDependencies {
  repository: StaffAccountsRepository;
  mail: MailService;
  /** Staff sessions: creating the password signs the colleague in. */
  sessions: SessionStore;
  limiter: RequestLimiter;
  now: () => Date;
}

export const toStaffAccountView = (row: StaffAccountRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  active: row.deactivatedAt === null,
  invitationPending: row.passwordHash === null,
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new ApiError('notFound', API_MESSAGES.staffAccountNotFound);
const conflict = (message: string) => new ApiError('conflict', message);

/** Admins manage their colleagues' accounts (issue 14, item 7); every change is in the audit trail. */
export function createStaffAccountsService(deps: StaffAccountsDependencies) {
  const { repository, mail, sessions, limiter, now } = deps;
  const lifetimeMs = LINK_LIFETIME_MS['create-password'];

  async function sendInvitation(tx: Database, q: StaffAccountQueries, row: StaffAccountRow, inviter: SignedInStaff, at: Date) {
    const { token, hash } = newLinkToken();
    await q.issueLink({ tenantId: row.tenantId, staffUserId: row.id, tokenHash: hash, createdAt: at, expiresAt: new Date(at.getTime() + lifetimeMs) });
    await mail.enqueue(
      {
        tenantId: row.tenantId,
        to: row.email,
        template: {
          kind: 'staff-invitation',
          name: row.name,
          inviter: inviter.name,
          role: row.role,
          url: secretLink(STAFF_CREATE_PASSWORD_PATH, token),
          expiresInHours: lifetimeMs / HOUR_MS,
        },
      },
      tx,
    );
  }

  /** Loads the account and the active admins (locked), for a change that must leave one admin. */
  async function guarded(q: StaffAccountQueries, tenantId: string, id: string) {
    const admins = await q.lockActiveAdmins(tenantId);
    const row = await q.find(tenantId, id, true);
    if (!row) throw notFound();
    const isLastAdmin = admins.length <= 1 && admins.includes(row.id);
    return { row, isLastAdmin };
  }

  return {
    async list(tenantId: string, query: { limit: number; cursor?: string }): Promise<Page<StaffAccount>> {
      const after = decodeCursor(query.cursor, 1);
      const rows = await repository.page(tenantId, query.limit, after);
      return toPage(rows, query.limit, (row) => [row.email], toStaffAccountView);
    },

    /** A new colleague, e-mailed a link to create their password; an e-mail already on the team is a 409. */
    async invite(tenantId: string, staff: SignedInStaff, input: StaffAccountInviteInput): Promise<StaffAccount> {
      const at = now();
      return repository.transaction(async (q, tx) => {
        const row = await q.insert({ tenantId, email: input.email.toLowerCase(), name: input.name, role: input.role, createdAt: at });
        if (!row) {
          throw new ApiError('conflict', API_MESSAGES.emailInUse, [
            { field: 'email', code: 'emailInUse', message: renderValidationMessage('emailInUse') },
          ]);
        }
        await sendInvitation(tx, q, row, staff, at);
        const view = toStaffAccountView(row);
        await recordAudit(tx, { tenantId, staff }, { action: 'staffAccount.invite', entityType: 'staffAccount', entityId: row.id, after: view });
        return view;
      });
    },

    /** A fresh invitation link (the earlier one stops working), while the colleague has no password yet. */
    async resendInvitation(tenantId: string, staff: SignedInStaff, id: string): Promise<StaffAccount> {
      const at = now();
      return repository.transaction(async (q, tx) => {
        const row = await q.find(tenantId, id, true);
        if (!row) throw notFound();
        if (row.deactivatedAt) throw conflict(API_MESSAGES.staffAccountDeactivated);
        if (row.passwordHash !== null) throw conflict(API_MESSAGES.linkInvalid);
        await sendInvitation(tx, q, row, staff, at);
        const view = toStaffAccountView(row);
        await recordAudit(tx, { tenantId, staff }, { action: 'staffAccount.reinvite', entityType: 'staffAccount', entityId: row.id, after: view });
        return view;
      });
    },

    /** Admins cannot demote themselves, nor the last active admin (409). The same role again changes nothing. */
    async changeRole(tenantId: string, staff: SignedInStaff, id: string, role: StaffRole): Promise<StaffAccount> {
      return repository.transaction(async (q, tx) => {
        const { row, isLastAdmin } = await guarded(q, tenantId, id);
        if (row.role === role) return toStaffAccountView(row);
        if (row.id === staff.staffUserId) throw conflict(API_MESSAGES.staffOwnAccount);
        if (isLastAdmin) throw conflict(API_MESSAGES.staffLastAdmin);
        const updated = await q.update(tenantId, id, { role });
        const [before, after] = [toStaffAccountView(row), toStaffAccountView(updated)];
        await recordAudit(tx, { tenantId, staff }, { action: 'staffAccount.role', entityType: 'staffAccount', entityId: id, before, after });
        return after;
      });
    },

    /** Ends every session and unused link of the colleague at once; idempotent. Not oneself, not the last admin (409). */
    async deactivate(tenantId: string, staff: SignedInStaff, id: string): Promise<StaffAccount> {
      const at = now();
      return repository.transaction(async (q, tx) => {
        const { row, isLastAdmin } = await guarded(q, tenantId, id);
        if (row.id === staff.staffUserId) throw conflict(API_MESSAGES.staffOwnAccount);
        if (row.deactivatedAt) return toStaffAccountView(row);
        if (isLastAdmin) throw conflict(API_MESSAGES.staffLastAdmin);
        const updated = await q.update(tenantId, id, { deactivatedAt: at });
        await q.revokeSessions(tenantId, id, at);
        await q.retireLinks(tenantId, id, at);
        const [before, after] = [toStaffAccountView(row), toStaffAccountView(updated)];
        await recordAudit(tx, { tenantId, staff }, { action: 'staffAccount.deactivate', entityType: 'staffAccount', entityId: id, before, after });
        return after;
      });
    },

    /** Lets a deactivated colleague sign in again (with their old password, or a new invitation); idempotent. */
    async reactivate(tenantId: string, staff: SignedInStaff, id: string): Promise<StaffAccount> {
      return repository.transaction(async (q, tx) => {
        const row = await q.find(tenantId, id, true);
        if (!row) throw notFound();
        if (!row.deactivatedAt) return toStaffAccountView(row);
        const updated = await q.update(tenantId, id, { deactivatedAt: null });
        const [before, after] = [toStaffAccountView(row), toStaffAccountView(updated)];
        await recordAudit(tx, { tenantId, staff }, { action: 'staffAccount.reactivate', entityType: 'staffAccount', entityId: id, before, after });
        return after;
      });
    },

    /**
     * The invited colleague creates their password from the e-mailed link and is signed in. The
     * link is checked first (a dead link says so before any password rule), bad links count
     * against the IP like members' links, and the link is used up with the password stored.
     */
    async createPassword(tenantId: string, input: SetPasswordInput, ip: string) {
      const at = now();
      await limiter.takeLinkTry(ip, at);
      const tokenHash = hashLinkToken(input.token);
      if (!(await repository.usableLink({ tenantId, tokenHash, at, consume: false }))) throw linkInvalid();
      await limiter.linkWorked(ip, at);
      if (isCommonPassword(input.password)) {
        throw new ApiError('validationError', API_MESSAGES.validation, [
          { field: 'password', code: 'passwordTooCommon', message: renderValidationMessage('passwordTooCommon') },
        ]);
      }
      const passwordHash = await hashPassword(input.password);
      const result = await repository.transaction(async (q, tx) => {
        const link = await q.usableLink({ tenantId, tokenHash, at, consume: true });
        const row = link && (await q.find(tenantId, link.staffUserId, true));
        if (!row || row.deactivatedAt) return undefined;
        const updated = await q.update(tenantId, row.id, { passwordHash });
        await q.revokeSessions(tenantId, row.id, at);
        const token = await sessions.start({ tenantId, subjectId: row.id, email: row.email, at }, tx);
        await recordAudit(
          tx,
          { tenantId, staff: { staffUserId: row.id } },
          { action: 'staffAccount.createPassword', entityType: 'staffAccount', entityId: row.id, before: toStaffAccountView(row), after: toStaffAccountView(updated) },
        );
        return { token, staff: { id: row.id, email: row.email, name: row.name, role: row.role } };
      });
      if (!result) throw linkInvalid();
      return result;
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
