import type { CampaignKind } from '@winery/domain';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { numberOrText, textOf } from '../../lib/form-values';
import { utcToZonedLocal, zonedLocalToUtc } from '../../lib/time-zone';
import type { FieldErrors } from '../../lib/field-errors';
import type { OfferingBody, StaffOffering } from './offerings.api';

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

export function draftOf(offering: StaffOffering, timeZone: string): OfferingDraft {
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
  };
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
    keep?: Pick<StaffOffering, 'letter' | 'vintageNotes' | 'startDate' | 'endDate'>;
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
  };
  if (keep) {
    body.letter = keep.letter;
    body.vintageNotes = keep.vintageNotes;
  }
  return { body, errors };
}
