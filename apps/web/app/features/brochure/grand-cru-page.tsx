import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WineBottleImage } from '../../components/wine-bottle-image';
import type { GrandCruPageData } from './brochure-content';
import { GrandCruEmblem } from './grand-cru-emblem';
import { DrinkingWindowSection, FactList, RecentVintages, VarietyList, WineSection, useWineFormat } from './wine-details';

export function GrandCruPage({ data: { wine, previous, next } }: { data: GrandCruPageData }) {
  const { t } = useTranslation();
  const format = useWineFormat();
  const { vineyard } = wine;
  return (
    <article className="brochure wine-page" data-testid="grand-cru-page">
      <nav aria-label={t('brochure.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/grand-crus">{t('nav.grandCrus')}</Link>
          </li>
          <li aria-current="page">{wine.name}</li>
        </ol>
      </nav>

      <header className="wine-hero">
        <GrandCruEmblem emblem={wine.emblem} size={168} className="wine-hero__emblem" />
        <div className="wine-hero__text">
          <p className="eyebrow">{t('brochure.grandCruNumber', { numeral: wine.numeral })}</p>
          <h1 className="wine-hero__title">{wine.name}</h1>
          <p className="wine-hero__tagline">{wine.tagline}</p>
        </div>
        <WineBottleImage
          name={wine.name}
          alt={t('wineImage.bottleAlt', { wine: wine.name })}
          sizes="(min-width: 48em) 144px, 80px"
          className="wine-bottle wine-hero__bottle"
          priority
        />
      </header>

      <WineSection id="vineyard" heading={t('brochure.vineyard')}>
        {vineyard.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 32)}>{paragraph}</p>
        ))}
        <FactList
          facts={[
            { label: t('brochure.aspect'), value: vineyard.aspect },
            { label: t('brochure.elevation'), value: format.feet(vineyard.elevationFeet) },
            { label: t('brochure.soil'), value: vineyard.soil },
            { label: t('brochure.size'), value: format.acres(vineyard.acres) },
            { label: t('brochure.planted'), value: vineyard.planted },
          ]}
        />
      </WineSection>

      <WineSection id="wine" heading={t('brochure.wine')}>
        {wine.wine.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 32)}>{paragraph}</p>
        ))}
        <FactList
          facts={[
            { label: t('brochure.varieties'), value: <VarietyList varieties={wine.wine.varieties} /> },
            { label: t('brochure.elevage'), value: wine.wine.elevage },
            { label: t('brochure.production'), value: format.cases(wine.wine.cases) },
          ]}
        />
      </WineSection>

      <WineSection id="tasting" heading={t('brochure.tasting')}>
        <p className="wine-tasting">{wine.tasting}</p>
      </WineSection>

      <RecentVintages vintages={wine.vintages} />
      <DrinkingWindowSection window={wine.drinkingWindow} />

      <nav aria-label={t('brochure.otherGrandCrus')} className="wine-pager">
        <Link to={`/grand-crus/${previous.slug}`} className="wine-pager__link wine-pager__link--previous" rel="prev">
          <span className="wine-pager__label">{t('brochure.previous')}</span> <span className="wine-pager__name">{previous.name}</span>
        </Link>
        <Link to="/grand-crus" className="text-link wine-pager__all">
          {t('brochure.allGrandCrus')}
        </Link>
        <Link to={`/grand-crus/${next.slug}`} className="wine-pager__link wine-pager__link--next" rel="next">
          <span className="wine-pager__label">{t('brochure.next')}</span> <span className="wine-pager__name">{next.name}</span>
        </Link>
      </nav>
    </article>
  );
}
