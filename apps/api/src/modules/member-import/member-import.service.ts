import { and, eq, inArray } from 'drizzle-orm';
import { normaliseStateCode, type MemberImportQuery, type MemberImportResult } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { addresses, customers, tiers } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudits, type AuditActor } from '../../shared/audit.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import type { MailService } from '../mail/mail.service.js';
import { sendCreatePasswordLink } from '../passwords/passwords.service.js';
import { jsonObject, planMemberImport, type ImportError, type PlannedRow } from './import-plan.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters with a dozen columns. */
const CHUNK = 1_000;

const chunks = <T>(items: T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Imports a member list (issue 14, item 2): a dry run answers what would happen (errors by line,
 * duplicates, the columns used); the real run writes every member, their address and an audit
 * entry each in one transaction with multi-row INSERTs, or nothing when any line has an error.
 * Members already in the list (by e-mail) are reported and left as they are. Invitations to
 * create a password are e-mailed only when asked.
 */
/**
 * The tier mapping staff sent (`tiers`: `{ theirTier: tierId }`, '' for no tier), by the file's
 * name lowercased; null when it is not such an object or names a tier that is not ours.
 */
function tierMapping(json: string | undefined, ours: ReadonlySet<string>): Map<string, string | null> | null {
  const mapped = new Map<string, string | null>();
  if (!json) return mapped;
  const given = jsonObject(json);
  if (!given) return null;
  for (const [name, tierId] of Object.entries(given)) {
    if (typeof tierId !== 'string' || (tierId !== '' && !ours.has(tierId))) return null;
    mapped.set(name.trim().toLowerCase(), tierId === '' ? null : tierId);
  }
  return mapped;
}

export function createMemberImportService(deps: { db: Database; mail: MailService; now: () => Date }) {
  const { db, mail, now } = deps;

  async function existingEmails(tenantId: string, emails: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(emails, 5_000)) {
      const rows = await db.select({ email: customers.email }).from(customers).where(and(eq(customers.tenantId, tenantId), inArray(customers.email, part)));
      for (const row of rows) found.add(row.email);
    }
    return found;
  }

  async function write(actor: AuditActor, rows: Array<PlannedRow & { tierId: string | null }>, sendInvitations: boolean): Promise<number> {
    const { tenantId } = actor;
    const at = now();
    let invited = 0;
    try {
      await db.transaction(async (tx) => {
        for (const part of chunks(rows)) {
          const inserted = await tx
            .insert(customers)
            .values(
              part.map(({ row, tierId }) => ({
                tenantId,
                prefix: row.prefix ?? null,
                firstName: row.firstName,
                lastName: row.lastName,
                email: row.email,
                phone: row.phone ?? null,
                dateOfBirth: row.dateOfBirth ?? null,
                memberSince: row.memberSince ?? null,
                tierId,
                createdAt: at,
                updatedAt: at,
              })),
            )
            .returning({ id: customers.id, email: customers.email, firstName: customers.firstName });
          const idOf = new Map(inserted.map((member) => [member.email, member.id]));
          const withAddress = part.filter(({ row }) => row.address1);
          if (withAddress.length > 0) {
            await tx.insert(addresses).values(
              withAddress.map(({ row }) => {
                const place = normaliseStateCode({ countryCode: row.countryCode!.toUpperCase(), stateCode: row.stateCode || undefined });
                return {
                  tenantId,
                  customerId: idOf.get(row.email)!,
                  address1: row.address1!,
                  address2: row.address2 || null,
                  city: row.city!,
                  stateCode: place.stateCode ?? null,
                  zipCode: row.zipCode!,
                  countryCode: place.countryCode,
                  isDefaultShipping: true,
                  isDefaultBilling: true,
                };
              }),
            );
          }
          await recordAudits(
            tx,
            actor,
            part.map(({ row, line, tierId }) => ({
              action: 'member.import',
              entityType: 'member',
              entityId: idOf.get(row.email)!,
              after: { ...row, tierId, line },
            })),
          );
          if (sendInvitations) {
            for (const member of inserted) await sendCreatePasswordLink(tx, mail, { tenantId, customer: member, at });
            invited += inserted.length;
          }
        }
      });
    } catch (error) {
      if (isUniqueViolation(error, 'customers_tenant_email_unique')) throw new ApiError('conflict', API_MESSAGES.memberImportConflict);
      throw error;
    }
    return invited;
  }

  return {
    async run(actor: AuditActor, csv: string, query: MemberImportQuery): Promise<MemberImportResult> {
      const plan = planMemberImport(csv, query.mapping, query.dates);
      const errors: ImportError[] = [...plan.errors];
      const tierRows = await db.select({ id: tiers.id, name: tiers.name }).from(tiers).where(eq(tiers.tenantId, actor.tenantId));
      const tierByName = new Map(tierRows.map((tier) => [tier.name.trim().toLowerCase(), tier.id]));
      const mapped = tierMapping(query.tiers, new Set(tierRows.map((tier) => tier.id)));
      if (!mapped) errors.push({ line: 1, field: 'tiers', message: API_MESSAGES.memberImportTierMapping });
      /** The tier a name of the file goes into: as mapped, else ours of that name; undefined when neither. */
      const tierOf = (name: string): string | null | undefined => {
        const key = name.toLowerCase();
        return mapped?.has(key) ? mapped.get(key) : tierByName.get(key);
      };
      const good: Array<PlannedRow & { tierId: string | null }> = [];
      for (const planned of plan.good) {
        const name = planned.row.tier;
        const tierId = name ? tierOf(name) : null;
        if (tierId === undefined) errors.push({ line: planned.line, field: 'tier', message: API_MESSAGES.memberImportUnknownTier(name!) });
        else good.push({ ...planned, tierId });
      }
      const tierValues = plan.tierValues.map(({ value, rows }) => {
        const tierId = tierOf(value);
        return { value, rows, tierId: tierId ?? null, unknown: tierId === undefined };
      });
      const existing = await existingEmails(actor.tenantId, good.map(({ row }) => row.email));
      const fresh = good.filter(({ row }) => !existing.has(row.email));
      const duplicates = [
        ...plan.repeated.map((entry) => ({ ...entry, existing: false })),
        ...good.filter(({ row }) => existing.has(row.email)).map(({ line, row }) => ({ line, email: row.email, existing: true })),
      ].sort((a, b) => a.line - b.line);
      errors.sort((a, b) => a.line - b.line);
      const result = { rows: plan.rows, valid: good.length, errors, duplicates, columns: plan.columns as Record<string, string>, dateOrder: plan.dateOrder, tiers: tierValues };

      if (query.dryRun !== 'false') return { dryRun: true, ...result, imported: 0, invited: 0 };
      if (errors.length > 0) {
        throw new ApiError(
          'validationError',
          API_MESSAGES.memberImportInvalid,
          errors.slice(0, 500).map((error) => ({ field: `line ${error.line}.${error.field}`, code: 'importLine', message: error.message })),
        );
      }
      const invited = fresh.length > 0 ? await write(actor, fresh, query.sendInvitations === 'true') : 0;
      return { dryRun: false, ...result, imported: fresh.length, invited };
    },
  };
}

export type MemberImportService = ReturnType<typeof createMemberImportService>;
