import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { DrinkingWindow, Variety, Vintage } from './brochure-content';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label–value pairs set like the back label of a bottle. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="fact-list">
      {facts.map((fact) => (
        <div key={fact.label} className="fact-list__row">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function VarietyList({ varieties }: { varieties: Variety[] }) {
  const { t } = useTranslation();
  return (
    <ul className="variety-list">
      {varieties.map((variety) => (
        <li key={variety.name}>
          <span>{variety.name}</span> <span className="variety-list__share">{t('brochure.percent', { value: variety.percent })}</span>
        </li>
      ))}
    </ul>
  );
}

/** A numbered section of a wine page: the heading on the left, the words on the right. */
export function WineSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="wine-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="wine-section__heading">
        {heading}
      </h2>
      <div className="wine-section__body">{children}</div>
    </section>
  );
}

export function RecentVintages({ vintages }: { vintages: Vintage[] }) {
  const { t } = useTranslation();
  return (
    <WineSection id="vintages" heading={t('brochure.recentVintages')}>
      <ol className="vintages">
        {vintages.map((vintage) => (
          <li key={vintage.year} className="vintages__item">
            <span className="vintages__year">{vintage.year}</span>
            <span className="vintages__note">{vintage.note}</span>
          </li>
        ))}
      </ol>
    </WineSection>
  );
}

export function DrinkingWindowSection({ window }: { window: DrinkingWindow }) {
  const { t } = useTranslation();
  return (
    <WineSection id="drinking-window" heading={t('brochure.drinkingWindow')}>
      <p className="drinking-window__range">{t('brochure.yearRange', { from: window.from, to: window.to })}</p>
      <p className="drinking-window__note">{window.note}</p>
    </WineSection>
  );
}

export const useWineFormat = () => {
  const { t } = useTranslation();
  return {
    feet: (value: number) => t('brochure.feet', { value: formatNumber(value) }),
    acres: (value: number) => t('brochure.acres', { value: formatNumber(value) }),
    cases: (value: number) => t('brochure.cases', { value: formatNumber(value) }),
  };
};
