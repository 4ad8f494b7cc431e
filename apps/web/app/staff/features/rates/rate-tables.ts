import type { RateTablesView } from '@winery/domain';
import type { EditableColumn, EditableRow } from '../../components/editable-table';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { numberOrText } from '../../lib/form-values';
import type { FieldErrors } from '../../lib/field-errors';

export const TABLES = ['taxRates', 'shippingRates', 'restrictions', 'notices'] as const;
export type TableName = (typeof TABLES)[number];
export type RateRows = Record<TableName, EditableRow[]>;

/** Columns by the API's field names, so `taxRates.3.rateBasisPoints` lands in row 4's rate. */
export const columnsOf = (t: (key: string) => string): Record<TableName, EditableColumn[]> => {
  const country = { key: 'countryCode', header: t('rates.columns.country'), kind: 'code' as const };
  const state = { key: 'stateCode', header: t('rates.columns.state'), kind: 'code' as const };
  const duties = { key: 'includesDuties', header: t('rates.columns.includesDuties'), kind: 'check' as const };
  return {
    taxRates: [country, state, { key: 'rateBasisPoints', header: t('rates.columns.rate'), kind: 'number' }, duties],
    shippingRates: [
      country,
      state,
      { key: 'minBottles', header: t('rates.columns.minBottles'), kind: 'count' },
      { key: 'maxBottles', header: t('rates.columns.maxBottles'), kind: 'count' },
      { key: 'priceCents', header: t('rates.columns.price'), kind: 'money' },
      duties,
    ],
    restrictions: [country, state, { key: 'name', header: t('rates.columns.destination'), kind: 'text' }],
    notices: [country, { key: 'text', header: t('rates.columns.notice'), kind: 'long' }],
  };
};

export const newRows: Record<TableName, () => EditableRow> = {
  taxRates: () => ({ countryCode: 'US', stateCode: '', rateBasisPoints: '', includesDuties: false }),
  shippingRates: () => ({ countryCode: 'US', stateCode: '', minBottles: '1', maxBottles: '', priceCents: '', includesDuties: false }),
  restrictions: () => ({ countryCode: '', stateCode: '', name: '' }),
  notices: () => ({ countryCode: '', text: '' }),
};

/** 725 basis points ↔ "7.25" (percent), as staff read a tax rate. */
export const basisPointsToPercent = (points: number): string => (points / 100).toFixed(2).replace(/\.?0+$/, '');
export function percentToBasisPoints(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function rowsOf(view: RateTablesView): RateRows {
  return {
    taxRates: view.taxRates.map((row) => ({ ...row, stateCode: row.stateCode ?? '', rateBasisPoints: basisPointsToPercent(row.rateBasisPoints) })),
    shippingRates: view.shippingRates.map((row) => ({
      ...row,
      stateCode: row.stateCode ?? '',
      minBottles: String(row.minBottles),
      maxBottles: row.maxBottles === null ? '' : String(row.maxBottles),
      priceCents: centsToDollars(row.priceCents),
    })),
    restrictions: view.restrictions.map((row) => ({ ...row, stateCode: row.stateCode ?? '' })),
    notices: view.notices.map((row) => ({ ...row })),
  };
}

const text = (value: string | boolean | undefined) => String(value ?? '');
const stateOf = (value: string | boolean | undefined) => (text(value).trim() === '' ? null : text(value).trim());

/** The PUT body, or the cells the form itself cannot read (a rate or a price that is not a number). */
export function bodyOfRates(rows: RateRows, messages: { money: string; percent: string }): { body: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const body = {
    taxRates: rows.taxRates.map((row, index) => {
      const points = percentToBasisPoints(text(row.rateBasisPoints));
      if (points === null) errors[`taxRates.${index}.rateBasisPoints`] = messages.percent;
      return { countryCode: text(row.countryCode).trim(), stateCode: stateOf(row.stateCode), rateBasisPoints: points, includesDuties: row.includesDuties === true };
    }),
    shippingRates: rows.shippingRates.map((row, index) => {
      const cents = dollarsToCents(text(row.priceCents));
      if (cents === null) errors[`shippingRates.${index}.priceCents`] = messages.money;
      return {
        countryCode: text(row.countryCode).trim(),
        stateCode: stateOf(row.stateCode),
        minBottles: numberOrText(text(row.minBottles)),
        maxBottles: text(row.maxBottles).trim() === '' ? null : numberOrText(text(row.maxBottles)),
        priceCents: cents,
        includesDuties: row.includesDuties === true,
      };
    }),
    restrictions: rows.restrictions.map((row) => ({ countryCode: text(row.countryCode).trim(), stateCode: stateOf(row.stateCode), name: text(row.name) })),
    notices: rows.notices.map((row) => ({ countryCode: text(row.countryCode).trim(), text: text(row.text) })),
  };
  return { body, errors };
}
