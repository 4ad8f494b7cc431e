import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WineBottleImage } from '../../components/wine-bottle-image';
import type { GrandCrusIndexData } from './brochure-content';
import { BrochureHeader } from './brochure-header';
import { useWineFormat } from './wine-details';

export function GrandCrusPage({ content }: { content: GrandCrusIndexData }) {
  const { t } = useTranslation();
  const format = useWineFormat();
  return (
    <div className="brochure" data-testid="grand-crus-page">
      <BrochureHeader eyebrow={content.eyebrow} title={content.title} lede={content.lede} />
      <ul className="wine-cards">
        {content.wines.map((wine) => (
          <li key={wine.slug} className="wine-card">
            <WineBottleImage name={wine.name} alt={t('wineImage.bottleAlt', { wine: wine.name })} sizes="72px" className="wine-bottle wine-card__bottle" />
            <p className="wine-card__numeral">{t('brochure.grandCruNumber', { numeral: wine.numeral })}</p>
            <h2 className="wine-card__name">
              <Link to={`/grand-crus/${wine.slug}`} className="wine-card__link">
                {wine.name}
              </Link>
            </h2>
            <p className="wine-card__tagline">{wine.tagline}</p>
            <p className="wine-card__summary">{wine.summary}</p>
            <p className="wine-card__facts">
              <span>{wine.leadVariety}</span>
              <span aria-hidden="true"> · </span>
              <span>{format.feet(wine.elevationFeet)}</span>
              <span aria-hidden="true"> · </span>
              <span>{format.acres(wine.acres)}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="brochure-note">{content.note}</p>
    </div>
  );
}
