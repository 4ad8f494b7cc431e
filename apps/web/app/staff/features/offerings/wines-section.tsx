import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryLocation } from '@winery/domain';
import { Section } from '../../components/page-header';
import { MoneyInput } from '../../components/money-input';
import { SelectInput, TextInput } from '../../components/fields';
import type { FieldErrors } from '../../lib/field-errors';
import { usePagedList } from '../../lib/use-paged-list';
import type { StaffWine } from '../wines/wines.api';
import type { OfferingDraft, WineRow } from './offering-draft';
import { centsToDollars } from '../../lib/money';

type Update = (change: Partial<OfferingDraft>) => void;

const wineLabel = (wine: StaffWine) => `${wine.name} ${wine.vintage}, ${wine.sizeMl} ml`;

/** The wines offered: picked from the catalogue, each with its price, bottles per location and default limits. */
export function WinesSection({ draft, update, errors, locations }: { draft: OfferingDraft; update: Update; errors: FieldErrors; locations: InventoryLocation[] }) {
  const { t } = useTranslation('staff');
  const catalogue = usePagedList<StaffWine>('/wines', {}, { limit: 200 });
  const [picked, setPicked] = useState('');
  const choices = catalogue.items.filter((wine) => !draft.wines.some((row) => row.wineId === wine.id));
  const setWine = (index: number, change: Partial<WineRow>) => update({ wines: draft.wines.map((row, i) => (i === index ? { ...row, ...change } : row)) });

  const add = () => {
    const wine = catalogue.items.find((candidate) => candidate.id === (picked || choices[0]?.id));
    if (!wine) return;
    const row: WineRow = { wineId: wine.id, label: wineLabel(wine), price: centsToDollars(wine.priceCents), stock: {}, defaultMinimum: '0', defaultMaximum: '6' };
    update({ wines: [...draft.wines, row] });
    setPicked('');
  };

  return (
    <Section title={t('offerings.sections.wines')} id="offering-wines">
      {draft.wines.length === 0 ? <p className="muted">{t('offerings.noWines')}</p> : null}
      <div className="staff-row-list">
        {draft.wines.map((wine, index) => (
          <fieldset className="staff-wine-row" key={wine.wineId} data-testid="offering-wine-row">
            <legend className="staff-wine-row__name">{wine.label}</legend>
            {errors[`wines.${index}.wineId`] ? <p className="field__error">{errors[`wines.${index}.wineId`]}</p> : null}
            <div className="staff-row">
              <MoneyInput id={`wine-${index}-price`} label={t('offerings.fields.price')} value={wine.price} onChange={(price) => setWine(index, { price })} error={errors[`wines.${index}.priceCents`]} />
              {locations.map((location, locationIndex) => (
                <TextInput
                  key={location.id}
                  id={`wine-${index}-stock-${location.id}`}
                  label={t('offerings.stockAt', { location: location.name })}
                  inputMode="numeric"
                  value={wine.stock[location.id] ?? ''}
                  onChange={(quantity) => setWine(index, { stock: { ...wine.stock, [location.id]: quantity } })}
                  error={errors[`wines.${index}.stock.${locationIndex}.quantity`] ?? errors[`wines.${index}.stock.${locationIndex}.locationId`]}
                />
              ))}
              <TextInput
                id={`wine-${index}-min`}
                label={t('offerings.fields.defaultMinimum')}
                inputMode="numeric"
                value={wine.defaultMinimum}
                onChange={(defaultMinimum) => setWine(index, { defaultMinimum })}
                error={errors[`wines.${index}.defaultMinimum`]}
              />
              <TextInput
                id={`wine-${index}-max`}
                label={t('offerings.fields.defaultMaximum')}
                inputMode="numeric"
                value={wine.defaultMaximum}
                onChange={(defaultMaximum) => setWine(index, { defaultMaximum })}
                error={errors[`wines.${index}.defaultMaximum`]}
              />
              <button type="button" className="button button--small button--quiet" onClick={() => update({ wines: draft.wines.filter((_, i) => i !== index) })}>
                {t('actions.remove')}
                <span className="visually-hidden"> {wine.label}</span>
              </button>
            </div>
          </fieldset>
        ))}
      </div>
      {errors.wines ? <p className="field__error">{errors.wines}</p> : null}
      {choices.length > 0 ? (
        <div className="staff-toolbar staff-toolbar--add">
          <SelectInput
            id="offering-add-wine"
            label={t('offerings.pickWine')}
            value={picked || choices[0]?.id || ''}
            onChange={setPicked}
            options={choices.map((wine) => ({ value: wine.id, label: wineLabel(wine) }))}
          />
          <button type="button" className="button button--small button--quiet" onClick={add}>
            {t('offerings.addWine')}
          </button>
        </div>
      ) : null}
    </Section>
  );
}

/** The order minimum, and "whoever takes wine X must take N of wine Y". */
export function RulesSection({ draft, update, errors }: { draft: OfferingDraft; update: Update; errors: FieldErrors }) {
  const { t } = useTranslation('staff');
  const options = draft.wines.map((wine) => ({ value: wine.wineId, label: wine.label }));
  const setRule = (index: number, change: Partial<OfferingDraft['combinations'][number]>) =>
    update({ combinations: draft.combinations.map((rule, i) => (i === index ? { ...rule, ...change } : rule)) });
  const first = draft.wines[0]?.wineId ?? '';
  const second = draft.wines[1]?.wineId ?? first;
  return (
    <Section title={t('offerings.sections.rules')} id="offering-rules">
      <div className="staff-grid">
        <MoneyInput id="offering-minimum" label={t('offerings.fields.orderMinimum')} value={draft.orderMinimum} onChange={(orderMinimum) => update({ orderMinimum })} error={errors.orderMinimumCents} hint={t('offerings.orderMinimumHint')} />
      </div>
      <h3 className="staff-subheading">{t('offerings.combinations')}</h3>
      {draft.combinations.length === 0 ? <p className="muted">{t('offerings.noCombinations')}</p> : null}
      <div className="staff-row-list">
        {draft.combinations.map((rule, index) => (
          <div className="staff-row" key={index}>
            <SelectInput id={`rule-${index}-wine`} label={t('offerings.ruleWine')} value={rule.wineId} onChange={(wineId) => setRule(index, { wineId })} options={options} error={errors[`combinations.${index}.wineId`]} />
            <TextInput id={`rule-${index}-quantity`} label={t('offerings.ruleQuantity')} inputMode="numeric" value={rule.quantity} onChange={(quantity) => setRule(index, { quantity })} error={errors[`combinations.${index}.quantity`]} />
            <SelectInput
              id={`rule-${index}-requires`}
              label={t('offerings.ruleRequires')}
              value={rule.requiresWineId}
              onChange={(requiresWineId) => setRule(index, { requiresWineId })}
              options={options}
              error={errors[`combinations.${index}.requiresWineId`]}
            />
            <button type="button" className="button button--small button--quiet" onClick={() => update({ combinations: draft.combinations.filter((_, i) => i !== index) })}>
              {t('actions.remove')}
            </button>
          </div>
        ))}
      </div>
      {draft.wines.length > 1 ? (
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => update({ combinations: [...draft.combinations, { wineId: first, requiresWineId: second, quantity: '1' }] })}
        >
          {t('offerings.addCombination')}
        </button>
      ) : null}
    </Section>
  );
}
