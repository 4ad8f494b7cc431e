import type { FieldError, RateTablesInput, RateTablesView } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import type { RatesRepository } from './rates.repository.js';

const destinationKey = (row: { countryCode: string; stateCode?: string | null }) => `${row.countryCode}/${row.stateCode ?? ''}`;

/**
 * Rows the schema cannot judge one at a time: checkout looks a destination up and takes the first
 * match, so two tax rates for one destination, or two shipping bands that overlap, would make the
 * price depend on row order. Refused here, naming the second row.
 */
export function rateTableProblems(tables: RateTablesInput): FieldError[] {
  const problems: FieldError[] = [];
  const once = (table: 'taxRates' | 'restrictions' | 'notices', rows: ReadonlyArray<{ countryCode: string; stateCode?: string | null }>) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = destinationKey(row);
      if (seen.has(key)) {
        problems.push({ field: `${table}.${index}.countryCode`, code: 'duplicateDestination', message: API_MESSAGES.duplicateDestination });
      }
      seen.add(key);
    });
  };
  once('taxRates', tables.taxRates);
  once('restrictions', tables.restrictions);
  once('notices', tables.notices);

  const bands = new Map<string, Array<{ min: number; max: number }>>();
  tables.shippingRates.forEach((row, index) => {
    const key = destinationKey(row);
    const band = { min: row.minBottles, max: row.maxBottles ?? Number.POSITIVE_INFINITY };
    const others = bands.get(key) ?? [];
    if (others.some((other) => band.min <= other.max && other.min <= band.max)) {
      problems.push({ field: `shippingRates.${index}.minBottles`, code: 'overlappingBand', message: API_MESSAGES.overlappingBand });
    }
    bands.set(key, [...others, band]);
  });
  return problems;
}

export function createRatesService(repository: RatesRepository) {
  const view = async (q: Pick<RatesRepository, 'read'>, tenantId: string): Promise<RateTablesView> => {
    const tables = await q.read(tenantId);
    return {
      taxRates: tables.taxRates.map(({ countryCode, stateCode, rateBasisPoints, includesDuties }) => ({
        countryCode,
        stateCode,
        rateBasisPoints,
        includesDuties,
      })),
      shippingRates: tables.shippingRates.map(({ countryCode, stateCode, minBottles, maxBottles, priceCents, includesDuties }) => ({
        countryCode,
        stateCode,
        minBottles,
        maxBottles,
        priceCents,
        includesDuties,
      })),
      restrictions: tables.restrictions.map(({ countryCode, stateCode, name }) => ({ countryCode, stateCode, name })),
      notices: tables.notices.map(({ countryCode, text }) => ({ countryCode, text })),
    };
  };

  return {
    read: (tenantId: string) => view(repository, tenantId),

    /** Replaces all four tables at once, or leaves them as they were. */
    async replace(actor: AuditActor, tables: RateTablesInput): Promise<RateTablesView> {
      const { tenantId } = actor;
      const problems = rateTableProblems(tables);
      if (problems.length > 0) throw new ApiError('validationError', API_MESSAGES.validation, problems);
      // Read back in the same transaction: the answer is these tables, not a later call's.
      return repository.transaction(async (q, tx) => {
        const before = await view(q, tenantId);
        await q.replace(tenantId, tables);
        const after = await view(q, tenantId);
        await recordAudit(tx, actor, { action: 'rates.replace', entityType: 'rates', entityId: tenantId, before, after });
        return after;
      });
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
