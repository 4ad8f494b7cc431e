import { useTranslation } from 'react-i18next';
import { BRAND_CONTACTS } from '../../content/brands/contacts';
import { BrandContactDetails } from '../../components/brand-contact';
import type { MatriarchContent } from './brochure-content';
import { MatriarchLabel } from './matriarch-label';
import { DrinkingWindowSection, FactList, RecentVintages, VarietyList, WineSection, useWineFormat } from './wine-details';

const MATRIARCH_BRAND = BRAND_CONTACTS.find((brand) => brand.slug === 'matriarch');

export function MatriarchPage({ content }: { content: MatriarchContent }) {
  const { t } = useTranslation();
  const format = useWineFormat();
  return (
    <article className="brochure matriarch-page" data-testid="matriarch-page">
      <header className="matriarch-hero">
        <div className="matriarch-hero__text">
          <p className="eyebrow">{content.eyebrow}</p>
          <h1 className="matriarch-hero__title">{content.title}</h1>
          <p className="matriarch-hero__tagline">{content.tagline}</p>
          <span className="gold-rule" aria-hidden="true" />
          <p className="brochure-header__lede">{content.lede}</p>
        </div>
        <div className="matriarch-hero__label">
          <MatriarchLabel label={content.label} />
        </div>
      </header>

      <WineSection id="story" heading={content.story.heading}>
        {content.story.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 32)}>{paragraph}</p>
        ))}
        <figure className="pull-quote pull-quote--inline">
          <blockquote>
            <p>{content.story.quote.text}</p>
          </blockquote>
          <figcaption>{content.story.quote.attribution}</figcaption>
        </figure>
      </WineSection>

      <WineSection id="wine" heading={content.wine.heading}>
        {content.wine.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 32)}>{paragraph}</p>
        ))}
        <FactList
          facts={[
            { label: t('brochure.varieties'), value: <VarietyList varieties={content.wine.varieties} /> },
            { label: t('brochure.sources'), value: content.wine.sources },
            { label: t('brochure.elevage'), value: content.wine.elevage },
            { label: t('brochure.production'), value: format.cases(content.wine.cases) },
          ]}
        />
      </WineSection>

      <WineSection id="tasting" heading={t('brochure.tasting')}>
        <p className="wine-tasting">{content.tasting}</p>
      </WineSection>

      <RecentVintages vintages={content.vintages} />
      <DrinkingWindowSection window={content.drinkingWindow} />

      {MATRIARCH_BRAND ? (
        <WineSection id="contact" heading={content.contactHeading}>
          <p>{content.contactText}</p>
          <BrandContactDetails brand={MATRIARCH_BRAND} showName={false} />
        </WineSection>
      ) : null}
    </article>
  );
}
