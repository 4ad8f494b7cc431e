import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEGAL_LINKS } from '../../components/site-footer';
import { BrandContactDetails } from '../../components/brand-contact';
import { PRIMARY_BRAND } from '../../content/brands/contacts';
import { formatDate } from '../../lib/format';
import type { LegalPageData, LegalSection } from './legal-content';

function Section({ section }: { section: LegalSection }) {
  return (
    <section id={section.id} className="legal-section" aria-labelledby={`${section.id}-heading`}>
      <h2 id={`${section.id}-heading`} className="legal-section__heading">
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
      {section.list ? (
        <ul className="legal-section__list">
          {section.list.map((item) => (
            <li key={item.slice(0, 40)}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.closing?.map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
    </section>
  );
}

/**
 * A legal page (privacy, terms of sale, shipping policy): its contents beside the text on wide
 * screens and above it on a phone, then how to reach the estate and the other two pages.
 */
export function LegalPage({ data }: { data: LegalPageData }) {
  const { t } = useTranslation();
  const { content, path } = data;
  const others = LEGAL_LINKS.filter((link) => link.to !== path);
  return (
    <div className="brochure legal" data-testid="legal-page">
      <header className="brochure-header">
        <p className="eyebrow">{content.eyebrow}</p>
        <h1 className="brochure-header__title">{content.title}</h1>
        <span className="gold-rule" aria-hidden="true" />
        <p className="brochure-header__lede">{content.lede}</p>
        <p className="legal__updated">
          {t('legal.updated', { date: formatDate(`${content.updated}T12:00:00Z`) })}
        </p>
      </header>
      <div className="legal__body">
        <nav className="legal__contents" aria-labelledby="legal-contents-heading">
          <h2 id="legal-contents-heading" className="legal__contents-heading">
            {t('legal.onThisPage')}
          </h2>
          <ol>
            {content.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__text">
          {content.sections.map((section) => (
            <Section key={section.id} section={section} />
          ))}
          <section className="legal__questions" aria-labelledby="legal-questions-heading">
            <h2 id="legal-questions-heading" className="legal-section__heading">
              {t('legal.questionsHeading')}
            </h2>
            <p>{t('legal.questionsText')}</p>
            <BrandContactDetails brand={PRIMARY_BRAND} />
            <h3 className="legal__others-heading">{t('legal.otherPages')}</h3>
            <ul className="legal__others">
              {others.map((link) => (
                <li key={link.key}>
                  <Link to={link.to} className="text-link">
                    {t(`footer.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
