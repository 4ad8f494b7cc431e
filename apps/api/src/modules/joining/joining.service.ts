import { formatPhone, type FoundersListInput, type JoinAllocationInput } from '@winery/domain';
import type { RequestKind } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import type { RequestLimiter } from '../links/request-limits.js';
import type { MailService } from '../mail/mail.service.js';
import { sendCreatePasswordLink } from '../passwords/passwords.service.js';
import type { JoiningQueries, JoinRequestRow, JoiningRepository } from './joining.repository.js';
import type { JoinRequest } from './joining.schemas.js';
import type { PlaceTokens } from './place-in-line.js';

const emailInUse = () =>
  new ApiError('conflict', API_MESSAGES.emailInUse, [
    { field: 'email', code: 'emailInUse', message: API_MESSAGES.emailInUse },
  ]);

const text = (value: string | null | undefined) => (typeof value === 'string' ? value : null);

export function toJoinRequestView(row: JoinRequestRow): JoinRequest {
  const address = row.address;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    prefix: row.prefix,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    company: row.company,
    address: {
      address1: text(address.address1) ?? '',
      address2: text(address.address2),
      city: text(address.city) ?? '',
      stateCode: text(address.stateCode),
      zipCode: text(address.zipCode) ?? '',
      countryCode: text(address.countryCode) ?? '',
    },
    idealAllocation: row.idealAllocation,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

export interface JoiningDependencies {
  repository: JoiningRepository;
  mail: MailService;
  limiter: RequestLimiter;
  /** Signs the acknowledgement's place-in-line link (ADR 031). */
  placeTokens: PlaceTokens;
  now: () => Date;
}

type JoinInput = JoinAllocationInput | FoundersListInput;

export function createJoiningService(deps: JoiningDependencies) {
  const { repository, mail, limiter, placeTokens, now } = deps;

  return {
    /**
     * Stores a prospect's request for staff and queues the acknowledgement in the same
     * transaction: there is never a request without its e-mail, nor an e-mail for a request
     * that was not saved. An address a member or a pending request already uses is refused.
     */
    async submit(tenantId: string, kind: RequestKind, input: JoinInput, ip: string): Promise<{ id: string; kind: RequestKind }> {
      const email = input.email.toLowerCase();
      const at = now();
      await limiter.take('join', tenantId, email, ip, at);
      const idealAllocation = 'idealAllocation' in input ? input.idealAllocation : null;
      const row = await repository.transaction(async (q, tx) => {
        await q.lockEmail(tenantId, email);
        if (await q.emailInUse(tenantId, email)) throw emailInUse();
        const created = await q.insert({
          tenantId,
          kind,
          prefix: input.prefix ?? null,
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          // Stored international ("+1 707 555 0100"), so the number carries its country.
          phone: formatPhone(input.phone, input.phoneCountry),
          dateOfBirth: input.dateOfBirth,
          company: input.company ?? null,
          address: {
            address1: input.address1,
            address2: input.address2 ?? null,
            city: input.city,
            stateCode: input.stateCode ?? null,
            zipCode: input.zipCode,
            countryCode: input.countryCode,
          },
          idealAllocation,
          createdAt: at,
        });
        // The link names the request it was made for; it is stored nowhere and works 180 days.
        const placeUrl = placeTokens.link(created.id, at);
        await mail.enqueue(
          {
            tenantId,
            to: email,
            template:
              kind === 'founders-list'
                ? { kind: 'founders-list-received', firstName: input.firstName, idealAllocation: idealAllocation ?? '', placeUrl }
                : { kind: 'join-allocation-received', firstName: input.firstName, placeUrl },
          },
          tx,
        );
        return created;
      });
      return { id: row.id, kind: row.kind };
    },

    /**
     * Staff accept a prospect: the member is created without a password, their address becomes
     * their default shipping and billing address, and they are e-mailed a link to create a
     * password (72 hours). All in one transaction.
     */
    async approve(actor: AuditActor, requestId: string) {
      const { tenantId } = actor;
      const at = now();
      try {
        return await repository.transaction(async (q, tx) => {
          const request = await pendingRequest(q, tenantId, requestId);
          const customer = await q.insertCustomer({
            tenantId,
            prefix: request.prefix,
            firstName: request.firstName,
            lastName: request.lastName,
            email: request.email,
            phone: request.phone,
            dateOfBirth: request.dateOfBirth,
            company: request.company,
            passwordHash: null,
            createdAt: at,
            updatedAt: at,
          });
          const address = toJoinRequestView(request).address;
          if (address.address1 && address.city && address.zipCode && /^[A-Z]{2}$/.test(address.countryCode)) {
            await q.insertAddress({
              tenantId,
              customerId: customer.id,
              ...address,
              isDefaultShipping: true,
              isDefaultBilling: true,
              createdAt: at,
              updatedAt: at,
            });
          }
          const decided = await q.decide(tenantId, request.id, 'approved', at);
          const expiresAt = await sendCreatePasswordLink(tx, mail, { tenantId, customer, at });
          await recordAudit(tx, actor, {
            action: 'allocationRequest.approve',
            entityType: 'allocationRequest',
            entityId: request.id,
            before: { status: request.status },
            after: { status: decided.status, customerId: customer.id },
          });
          return { request: toJoinRequestView(decided), customerId: customer.id, passwordLinkExpiresAt: expiresAt.toISOString() };
        });
      } catch (error) {
        // Someone became a member with this address after the request was made.
        if (isUniqueViolation(error, 'customers_tenant_email_unique')) throw emailInUse();
        throw error;
      }
    },

    async decline(actor: AuditActor, requestId: string): Promise<JoinRequest> {
      const { tenantId } = actor;
      const at = now();
      return repository.transaction(async (q, tx) => {
        const request = await pendingRequest(q, tenantId, requestId);
        const decided = await q.decide(tenantId, request.id, 'declined', at);
        await recordAudit(tx, actor, {
          action: 'allocationRequest.decline',
          entityType: 'allocationRequest',
          entityId: request.id,
          before: { status: request.status },
          after: { status: decided.status },
        });
        return toJoinRequestView(decided);
      });
    },
  };
}

async function pendingRequest(q: JoiningQueries, tenantId: string, id: string) {
  const request = await q.lock(tenantId, id);
  if (!request) throw new ApiError('notFound', API_MESSAGES.joinRequestNotFound);
  if (request.status !== 'pending') throw new ApiError('conflict', API_MESSAGES.joinRequestDecided);
  return request;
}

export type JoiningService = ReturnType<typeof createJoiningService>;
