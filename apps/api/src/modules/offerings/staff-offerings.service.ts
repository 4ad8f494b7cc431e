import {
  DAY_MS,
  MIN_DAYS_AHEAD,
  offeringPhase,
  renderValidationMessage,
  type CampaignKind,
  type FieldError,
  type OfferingInput,
  type OfferingUpdateInput,
  type Page,
  type StaffOffering,
  type StaffOfferingListQuery,
  type StaffOfferingSummary,
} from '@winery/domain';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { invalid, problem } from './offering-problems.js';
import { createOfferingStock, type OfferingContent } from './offering-stock.service.js';
import { offeringListKey, type OfferingRow, type OfferingValues, type StaffOfferingsRepository } from './staff-offerings.repository.js';
import { createStaffOfferingActions } from './staff-offerings.actions.js';
import { readStaffOffering, toOfferingSummary } from './staff-offerings.view.js';

/**
 * The campaign type is a column, but members' pages read it from metaData['campaign-type']
 * (seed §2, §3), so the two are written together and can never disagree.
 */
export function metaDataFor(metaData: Record<string, unknown>, campaignType: CampaignKind): Record<string, unknown> {
  const { 'campaign-type': _previous, ...rest } = metaData;
  return campaignType === 'standard' ? rest : { ...rest, 'campaign-type': campaignType };
}

/** An offering's own columns from what staff sent (its window, wines and rules aside). */
export const contentValues = (content: OfferingContent) => ({
  name: content.name,
  slug: content.slug,
  campaignType: content.campaignType,
  metaData: metaDataFor(content.metaData, content.campaignType),
  letter: content.letter,
  vintageNotes: content.vintageNotes,
  orderMinimumCents: content.orderMinimumCents,
  letterMarkdown: content.letterMarkdown,
  vintageNotesMarkdown: content.vintageNotesMarkdown,
  reminderDaysBefore: content.reminderDaysBefore,
  admissionPerMinute: content.admissionPerMinute,
  holdMinutes: content.holdMinutes,
});

/** What the audit trail keeps of an offering: its own columns and the wines as sent. */
export const offeringSnapshot = (row: OfferingRow | Partial<OfferingValues>, content?: Pick<OfferingContent, 'wines'>) => ({
  ...row,
  ...(content ? { wines: content.wines } : {}),
});

export const slugInUse = (error: unknown) =>
  isUniqueViolation(error, 'offerings_tenant_slug_unique') ? new ApiError('conflict', API_MESSAGES.slugInUse) : error;

/**
 * What an edit needs of the waiting room (ADR 029): before the offering's admission rate changes,
 * its rooms advanced at the old rate up to the change, in the edit's transaction.
 */
export interface AdmissionRateChange {
  beforeRateChange(tx: Database, tenantId: string, offeringId: string, from: number | null, at: Date): Promise<void>;
}

/** Offerings as staff schedule and edit them; their wines and stock are offering-stock.service.ts's. */
export function createStaffOfferingsService(repository: StaffOfferingsRepository, now: () => Date, rooms: AdmissionRateChange) {
  const stock = createOfferingStock(repository);
  const detail = (tenantId: string, offeringId: string): Promise<StaffOffering> =>
    readStaffOffering(repository, tenantId, offeringId, now());

  /** Seed §5 on an edit: a start already passed stays, an end not before now, a new start a day ahead. */
  function checkWindow(current: OfferingRow, input: OfferingUpdateInput, at: Date) {
    const start = new Date(input.startDate);
    const end = new Date(input.endDate);
    const problems: FieldError[] = [];
    const startChanged = start.getTime() !== current.startDate.getTime();
    if (offeringPhase(current, at) !== 'scheduled') {
      if (startChanged) problems.push(problem('startDate', 'startDateLocked', API_MESSAGES.startDateLocked));
      if (end.getTime() < at.getTime()) problems.push(problem('endDate', 'endDateInPast', API_MESSAGES.endDateInPast));
    } else if (startChanged && start.getTime() < at.getTime() + MIN_DAYS_AHEAD * DAY_MS) {
      problems.push(problem('startDate', 'dateTooSoon', renderValidationMessage('dateTooSoon', { days: MIN_DAYS_AHEAD })));
    }
    if (problems.length > 0) throw invalid(problems);
    return { startDate: start, endDate: end };
  }

  return {
    /** Latest start first, a page at a time; `phase` keeps published offerings in that phase, or the drafts. */
    async list(tenantId: string, query: StaffOfferingListQuery): Promise<Page<StaffOfferingSummary>> {
      const at = now();
      const after = decodeCursor(query.cursor, 3);
      if (after && (typeof after[0] !== 'string' || Number.isNaN(Date.parse(after[0])))) {
        const message = renderValidationMessage('invalidCursor');
        throw new ApiError('validationError', message, [{ field: 'cursor', code: 'invalidCursor', message }]);
      }
      const rows = await repository.list(tenantId, { limit: query.limit + 1, after, filter: query.phase, at });
      return toPage(rows, query.limit, offeringListKey, (row) => toOfferingSummary(row, at));
    },

    detail,

    /** The window was checked by the route's schema (seed §5); the rest here, then one transaction. */
    async create(actor: AuditActor, input: OfferingInput): Promise<StaffOffering> {
      const { tenantId } = actor;
      await stock.check(tenantId, input);
      let id: string;
      try {
        id = await repository.transaction(async (q, tx) => {
          const row = await q.insert(tenantId, {
            ...contentValues(input),
            status: input.status,
            startDate: new Date(input.startDate),
            endDate: new Date(input.endDate),
            combinations: [],
          });
          await stock.sync(q, tenantId, row.id, input);
          await recordAudit(tx, actor, {
            action: 'offering.create',
            entityType: 'offering',
            entityId: row.id,
            after: offeringSnapshot(row, input),
          });
          return row.id;
        });
      } catch (error) {
        throw slugInUse(error);
      }
      return detail(tenantId, id);
    },

    /**
     * Replaces the offering's content, wines and rules. An offering that has started keeps its
     * start; its end may move, but not into the past.
     */
    async update(actor: AuditActor, offeringId: string, input: OfferingUpdateInput): Promise<StaffOffering> {
      const { tenantId } = actor;
      if (!(await repository.find(tenantId, offeringId))) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
      await stock.check(tenantId, input);
      try {
        await repository.transaction(async (q, tx) => {
          const current = await q.lock(tenantId, offeringId);
          if (!current) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
          const at = now();
          const window = checkWindow(current, input, at);
          // The form sends back the rate it read (admissionPerMinuteWas): left as it was, the stored
          // rate stands, so a change made on the dashboard since the form opened is not set back.
          // Only a different rate is a change, and it goes the way the dashboard's does (the old
          // rate applied up to now), never straight to the column.
          const untouched = input.admissionPerMinuteWas !== undefined && input.admissionPerMinute === input.admissionPerMinuteWas;
          const admissionPerMinute = untouched ? current.admissionPerMinute : input.admissionPerMinute;
          if (admissionPerMinute !== current.admissionPerMinute) {
            await rooms.beforeRateChange(tx, tenantId, offeringId, current.admissionPerMinute, at);
          }
          const values = { ...contentValues({ ...input, admissionPerMinute }), ...window, updatedAt: at };
          await q.update(tenantId, offeringId, values);
          await stock.sync(q, tenantId, offeringId, input);
          await recordAudit(tx, actor, {
            action: 'offering.update',
            entityType: 'offering',
            entityId: offeringId,
            before: offeringSnapshot(current),
            after: offeringSnapshot(values, input),
          });
        });
      } catch (error) {
        throw slugInUse(error);
      }
      return detail(tenantId, offeringId);
    },

    ...createStaffOfferingActions(repository, now, detail),

  };
}

export type StaffOfferingsService = ReturnType<typeof createStaffOfferingsService>;
