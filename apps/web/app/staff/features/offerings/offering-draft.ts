import type { CampaignKind } from '@winery/domain';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { numberOrText, textOf } from '../../lib/form-values';
import { utcToZonedLocal, zonedLocalToUtc } from '../../lib/time-zone';
import type { FieldErrors } from '../../lib/field-errors';
import type { OfferingBody, OfferingOpening, StaffOffering } from './offerings.api';

export interface WineRow {
  wineId: string;
  label: string;
  price: string;
  /** Bottles per location id, as typed. */
  stock: Record<string, string>;
  defaultMinimum: string;
  defaultMaximum: string;
}

export interface CombinationRow {
  wineId: string;
  requiresWineId: string;
  quantity: string;
}

/** One tier's own opening and close as typed (wall clock of the winery); both empty: the offering's window. */
export interface OpeningRow {
  opens: string;
  closes: string;
}

/** The offering form as typed: text everywhere, so a wrong entry stays on the page. */
export interface OfferingDraft {
  name: string;
  slug: string;
  campaignType: CampaignKind;
  meta: { key: string; value: string }[];
  start: string;
  end: string;
  letterMarkdown: string;
  vintageNotesMarkdown: string;
  orderMinimum: string;
  reminderDaysBefore: string;
  wines: WineRow[];
  combinations: CombinationRow[];
  /** Members a minute through the waiting room; empty: none (issue 17). */
  admissionPerMinute: string;
  /** Minutes a choice is held at checkout; empty: no holds. */
  holdMinutes: string;
  /** By tier id. */
  openings: Record<string, OpeningRow>;
}

export const emptyDraft = (): OfferingDraft => ({
  name: '',
  slug: '',
  campaignType: 'standard',
  meta: [],
  start: '',
  end: '',
  letterMarkdown: '',
  vintageNotesMarkdown: '',
  orderMinimum: '',
  reminderDaysBefore: '',
  wines: [],
  combinations: [],
  admissionPerMinute: '',
  holdMinutes: '',
  openings: {},
});

/** A metaData value as staff type it: true, false, numbers and JSON stay JSON; anything else is text. */
export function metaValue(text: string): unknown {
  const trimmed = text.trim();
  if (/^(true|false|null|-?\d+(\.\d+)?)$/.test(trimmed) || /^[[{"]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return text;
    }
  }
  return text;
}

const metaText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function draftOf(offering: StaffOffering, timeZone: string, openings: readonly OfferingOpening[] = []): OfferingDraft {
  return {
    name: offering.name,
    slug: offering.slug,
    campaignType: offering.campaignType,
    meta: Object.entries(offering.metaData ?? {}).map(([key, value]) => ({ key, value: metaText(value) })),
    start: utcToZonedLocal(offering.startDate, timeZone),
    end: utcToZonedLocal(offering.endDate, timeZone),
    letterMarkdown: offering.letterMarkdown ?? '',
    vintageNotesMarkdown: offering.vintageNotesMarkdown ?? '',
    orderMinimum: offering.orderMinimumCents ? centsToDollars(offering.orderMinimumCents) : '',
    reminderDaysBefore: textOf(offering.reminderDaysBefore),
    wines: offering.wines.map((wine) => ({
      wineId: wine.wineId,
      label: `${wine.name} ${wine.vintage}, ${wine.sizeMl} ml`,
      price: centsToDollars(wine.priceCents),
      stock: Object.fromEntries(wine.stock.map((entry) => [entry.locationId, String(entry.quantity)])),
      defaultMinimum: textOf(wine.defaultMinimum ?? 0),
      defaultMaximum: textOf(wine.defaultMaximum ?? 6),
    })),
    combinations: offering.combinations.map((rule) => ({ ...rule, quantity: String(rule.quantity) })),
    admissionPerMinute: textOf(offering.admissionPerMinute),
    holdMinutes: textOf(offering.holdMinutes),
    openings: Object.fromEntries(
      openings.map((opening) => [
        opening.tierId,
        { opens: utcToZonedLocal(opening.opensAt, timeZone), closes: opening.closesAt ? utcToZonedLocal(opening.closesAt, timeZone) : '' },
      ]),
    ),
  };
}

/** Where the form shows the error of one tier's opening field. */
export const openingPath = (tierId: string, field: 'opensAt' | 'closesAt') => `openings.${tierId}.${field}`;

/**
 * The tiers' openings as `PUT …/openings` takes them: every tier with an opening typed, in the
 * given order (`tierIds`, which the API's `openings.i.…` errors then name), or the fields the form
 * refuses itself: a date that is not a date, a close without an opening.
 */
export function openingsBodyOf(
  draft: Pick<OfferingDraft, 'openings'>,
  { timeZone, tierIds, messages }: { timeZone: string; tierIds: readonly string[]; messages: { date: string; opensRequired: string } },
): { body: { openings: { tierId: string; opensAt: string; closesAt: string | null }[] }; order: string[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const openings: { tierId: string; opensAt: string; closesAt: string | null }[] = [];
  const order: string[] = [];
  for (const tierId of tierIds) {
    const row = draft.openings[tierId];
    if (!row || (row.opens.trim() === '' && row.closes.trim() === '')) continue;
    if (row.opens.trim() === '') {
      errors[openingPath(tierId, 'opensAt')] = messages.opensRequired;
      continue;
    }
    const opensAt = zonedLocalToUtc(row.opens, timeZone);
    const closesAt = row.closes.trim() === '' ? null : zonedLocalToUtc(row.closes, timeZone);
    if (opensAt === null) errors[openingPath(tierId, 'opensAt')] = messages.date;
    if (row.closes.trim() !== '' && closesAt === null) errors[openingPath(tierId, 'closesAt')] = messages.date;
    if (opensAt === null || (row.closes.trim() !== '' && closesAt === null)) continue;
    openings.push({ tierId, opensAt, closesAt });
    order.push(tierId);
  }
  return { body: { openings }, order, errors };
}

/** The API's `openings.<i>.<field>` errors under the form's own paths (by tier), the rest as they are. */
export function openingErrorsByTier(errors: FieldErrors, order: readonly string[]): FieldErrors {
  const placed: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^openings\.(\d+)\.(tierId|opensAt|closesAt)$/.exec(path);
    const tierId = match ? order[Number(match[1])] : undefined;
    const key = match && tierId ? openingPath(tierId, match[2] === 'closesAt' ? 'closesAt' : 'opensAt') : path;
    // The first message for a field wins, as fieldErrorsOf does.
    if (!(key in placed)) placed[key] = message;
  }
  return placed;
}

/**
 * The body the API takes, or the fields the form itself refuses (money that is not money, a date
 * that is not a date) so nothing is sent. Stock goes for every location in the given order, so the
 * API's `wines.i.stock.j` names location j of the form.
 */
export function bodyOf(
  draft: OfferingDraft,
  { timeZone, locationIds, keep, messages }: {
    timeZone: string;
    locationIds: string[];
    /** Content the form does not edit (the structured letter of older offerings), sent back as it is. */
    keep?: Pick<StaffOffering, 'letter' | 'vintageNotes' | 'startDate' | 'endDate'> & { admissionPerMinute: number | null };
    messages: { money: string; date: string };
  },
): { body: OfferingBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const cents = (text: string, path: string, empty: number | null) => {
    if (text.trim() === '') return empty;
    const value = dollarsToCents(text);
    if (value === null) errors[path] = messages.money;
    return value;
  };
  const instant = (text: string, path: 'startDate' | 'endDate') => {
    // A date left as it was goes back to the second it had: the field shows minutes only, and a
    // started offering's start may not move at all.
    if (keep && text === utcToZonedLocal(keep[path], timeZone)) return keep[path];
    const value = zonedLocalToUtc(text, timeZone);
    if (value === null) errors[path] = messages.date;
    return value;
  };

  const body: OfferingBody = {
    name: draft.name,
    slug: draft.slug || draft.name,
    campaignType: draft.campaignType,
    metaData: Object.fromEntries(draft.meta.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), metaValue(row.value)])),
    startDate: instant(draft.start, 'startDate'),
    endDate: instant(draft.end, 'endDate'),
    letterMarkdown: draft.letterMarkdown,
    vintageNotesMarkdown: draft.vintageNotesMarkdown,
    orderMinimumCents: cents(draft.orderMinimum, 'orderMinimumCents', 0),
    reminderDaysBefore: draft.reminderDaysBefore.trim() === '' ? null : numberOrText(draft.reminderDaysBefore),
    wines: draft.wines.map((wine, index) => ({
      wineId: wine.wineId,
      priceCents: cents(wine.price, `wines.${index}.priceCents`, null),
      stock: locationIds.map((locationId) => ({ locationId, quantity: numberOrText(wine.stock[locationId] || '0') })),
      defaultMinimum: numberOrText(wine.defaultMinimum || '0'),
      defaultMaximum: numberOrText(wine.defaultMaximum || '0'),
    })),
    combinations: draft.combinations.map((rule) => ({ ...rule, quantity: numberOrText(rule.quantity) })),
    admissionPerMinute: draft.admissionPerMinute.trim() === '' ? null : numberOrText(draft.admissionPerMinute),
    holdMinutes: draft.holdMinutes.trim() === '' ? null : numberOrText(draft.holdMinutes),
  };
  if (keep) {
    body.letter = keep.letter;
    body.vintageNotes = keep.vintageNotes;
    // The rate as read: sent back unchanged, it leaves a change made on the dashboard meanwhile.
    body.admissionPerMinuteWas = keep.admissionPerMinute;
  }
  return { body, errors };
}
