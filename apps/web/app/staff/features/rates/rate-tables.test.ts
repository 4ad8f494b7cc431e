import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, bodyOfRates, percentToBasisPoints, rowsOf } from './rate-tables';

const messages = { money: 'money!', percent: 'percent!' };

describe('the rate tables as staff edit them', () => {
  it('shows a tax rate in percent and sends it in basis points', () => {
    expect(basisPointsToPercent(725)).toBe('7.25');
    expect(basisPointsToPercent(800)).toBe('8');
    expect(percentToBasisPoints('7.25')).toBe(725);
    expect(percentToBasisPoints('8 %')).toBe(800);
    expect(percentToBasisPoints('seven')).toBeNull();
  });

  it('goes from the API to the form and back unchanged', () => {
    const view = {
      taxRates: [{ countryCode: 'US', stateCode: 'CA', rateBasisPoints: 725, includesDuties: false }],
      shippingRates: [{ countryCode: 'US', stateCode: null, minBottles: 1, maxBottles: null, priceCents: 2500, includesDuties: true }],
      restrictions: [{ countryCode: 'US', stateCode: 'UT', name: 'Utah' }],
      notices: [{ countryCode: 'CA', text: 'Duties are paid on delivery.' }],
    };
    const { body, errors } = bodyOfRates(rowsOf(view), messages);
    expect(errors).toEqual({});
    expect(body).toEqual(view);
  });

  it('names the cells it cannot read by the paths the API uses', () => {
    const rows = rowsOf({ taxRates: [], shippingRates: [], restrictions: [], notices: [] });
    rows.taxRates.push({ countryCode: 'US', stateCode: '', rateBasisPoints: 'x', includesDuties: false });
    rows.shippingRates.push({ countryCode: 'US', stateCode: '', minBottles: '1', maxBottles: '', priceCents: '12.345', includesDuties: false });
    expect(bodyOfRates(rows, messages).errors).toEqual({ 'taxRates.0.rateBasisPoints': 'percent!', 'shippingRates.0.priceCents': 'money!' });
  });
});
