import { BottleVerificationSchema, DAY_MS, MINUTE_MS, renderValidationMessage, type BottleVerificationResult, type FieldError } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { retryAfterHeader, waitInWords, type AttemptCounter, type CountedRule } from '../../shared/attempt-counter.js';
import { planImport } from './bottle-import.js';
import type { BottlesRepository } from './bottles.repository.js';
import { MAX_IMPORT_ROWS } from './bottles.schemas.js';
import { networkPrefix, proxyCountry, rateLimitSubject } from './network-origin.js';

export interface CheckLimit {
  max: number;
  windowMs: number;
}

/** Checks per client (IPv4 address or IPv6 /64): a short burst budget and a daily one. */
export interface BottleCheckLimits {
  perMinute: CheckLimit;
  perDay: CheckLimit;
}

/**
 * 10 a minute and 100 a day: plenty for a merchant checking a case, while guessing one valid ID
 * among 32^8 (~10^12) takes forever at 100 a day — enumeration is bounded.
 */
export const DEFAULT_BOTTLE_CHECK_LIMITS: BottleCheckLimits = {
  perMinute: { max: 10, windowMs: MINUTE_MS },
  perDay: { max: 100, windowMs: DAY_MS },
};

export type BottleCheckLimitOverrides = { [K in keyof BottleCheckLimits]?: Partial<CheckLimit> };

export function resolveBottleCheckLimits(overrides: BottleCheckLimitOverrides = {}): BottleCheckLimits {
  return {
    perMinute: { ...DEFAULT_BOTTLE_CHECK_LIMITS.perMinute, ...overrides.perMinute },
    perDay: { ...DEFAULT_BOTTLE_CHECK_LIMITS.perDay, ...overrides.perDay },
  };
}

export interface CheckRequest {
  tenantId: string;
  bottleId: string | undefined;
  ip: string;
  /** The proxy's country header (cf-ipcountry), used only when the proxy is trusted. */
  countryHeader: string | string[] | undefined;
}

export interface BottlesServiceDeps {
  repository: BottlesRepository;
  counter: AttemptCounter;
  limits: BottleCheckLimits;
  /** TRUST_PROXY: only then is a country header believed. */
  trustProxy: boolean;
  now: () => Date;
}

export function createBottlesService({ repository, counter, limits, trustProxy, now }: BottlesServiceDeps) {
  return {
    limits,

    /**
     * One public check. Every check that passes the rate limit is recorded (verified, unknown or
     * malformed) with a coarse origin. An unknown and a malformed ID do the same work — a lookup
     * and a recorded check — so their answers take as long as each other.
     */
    async verify({ tenantId, bottleId, ip, countryHeader }: CheckRequest): Promise<BottleVerificationResult> {
      const at = now();
      const subject = rateLimitSubject(ip);
      const rules: CountedRule[] = [
        { key: `bottle-check:minute:${subject}`, ...limits.perMinute },
        { key: `bottle-check:day:${subject}`, ...limits.perDay },
      ];
      // Counted first, in one statement: a burst of checks cannot outrun the count.
      const counted = await counter.count(rules, at);
      if (!counted.allowed) {
        const wait = counted.resetAt.getTime() - at.getTime();
        throw new ApiError('rateLimited', API_MESSAGES.bottleRateLimited(waitInWords(wait)), undefined, retryAfterHeader(counted.resetAt, at));
      }
      await counter.maybeSweep(at);

      // The domain's rules (trim, case, dash) decide the format; the answer waits for the lookup.
      const parsed = BottleVerificationSchema.safeParse({ bottleId: bottleId ?? '' });
      const typed = (bottleId ?? '').trim().toUpperCase().slice(0, 32);
      const canonical = parsed.success ? parsed.data.bottleId : typed;
      const bottle = await repository.findBottle(tenantId, canonical);
      const found = parsed.success ? bottle : null;
      await repository.recordCheck({
        tenantId,
        bottleRef: found?.id ?? null,
        typedId: canonical,
        result: found ? 'verified' : parsed.success ? 'unknown' : 'malformed',
        originNetwork: networkPrefix(ip),
        originCountry: proxyCountry(countryHeader, trustProxy),
        checkedAt: at,
      });

      if (!parsed.success) {
        const code = parsed.error.issues[0]?.message ?? 'bottleIdFormat';
        const errors: FieldError[] = [{ field: 'bottleId', code, message: renderValidationMessage(code) }];
        throw new ApiError('validationError', API_MESSAGES.validation, errors);
      }
      if (!found) throw new ApiError('notFound', API_MESSAGES.bottleNotValid);

      const stats = await repository.verificationStats(found.id);
      return {
        bottleId: found.bottleId,
        wine: found.wine,
        vintage: found.vintage,
        sizeMl: found.sizeMl,
        bottleNumber: found.bottleNumber,
        firstVerifiedAt: (stats?.firstVerifiedAt ?? at).toISOString(),
        verificationCount: stats?.verificationCount ?? 1,
      };
    },

    /** All rows or none: every bad row is reported by its line, and then nothing is imported. */
    async importCsv(actor: AuditActor, csv: string): Promise<{ imported: number }> {
      const { tenantId } = actor;
      const wines = await repository.listWines(tenantId);
      const plan = planImport(csv, wines, MAX_IMPORT_ROWS);
      if (plan.kind === 'tooMany') {
        throw Object.assign(new ApiError('validationError', API_MESSAGES.bottleImportTooMany(MAX_IMPORT_ROWS)), { statusCode: 413 });
      }
      if (plan.kind === 'file') throw new ApiError('validationError', plan.error.message, [plan.error]);

      const errors = [...plan.errors];
      const registered = await repository.registeredIds(tenantId, plan.rows.map((row) => row.bottleId));
      const taken = await repository.registeredNumbers(tenantId, [...new Set(plan.rows.map((row) => row.wineId))]);
      for (const row of plan.rows) {
        const field = `line ${row.line}`;
        if (registered.has(row.bottleId)) errors.push({ field, code: 'alreadyRegistered', message: API_MESSAGES.bottleImportRegistered(row.bottleId) });
        if (taken.has(`${row.wineId}|${row.bottleNumber}`)) {
          errors.push({ field, code: 'numberTaken', message: API_MESSAGES.bottleImportNumberTaken(row.bottleNumber) });
        }
      }
      if (errors.length > 0) {
        // In file order, so a person can walk down the file.
        const lineOf = (error: FieldError) => Number(error.field.replace('line ', ''));
        errors.sort((a, b) => lineOf(a) - lineOf(b));
        throw new ApiError('validationError', API_MESSAGES.bottleImportInvalid, errors);
      }
      try {
        const audit = (tx: Database) =>
          recordAudit(tx, actor, {
            action: 'bottles.import',
            entityType: 'bottles',
            after: { imported: plan.rows.length, first: plan.rows[0]?.bottleId ?? null, last: plan.rows.at(-1)?.bottleId ?? null },
          });
        return { imported: await repository.insertBottles(tenantId, plan.rows, audit) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('conflict', API_MESSAGES.bottleImportConflict);
        throw error;
      }
    },

  };
}

export type BottlesService = ReturnType<typeof createBottlesService>;
