import { Link } from 'react-router';
import type { PhilosophyContent } from './brochure-content';
import { BrochureHeader } from './brochure-header';
import { EstateSection } from './estate-section';

type Principle = PhilosophyContent['principles'][number];

function Principles({ principles, start }: { principles: Principle[]; start: number }) {
  return (
    <ol className="principles" start={start}>
      {principles.map((principle) => (
        <li key={principle.id} id={principle.id} className="principle">
          <span className="principle__numeral" aria-hidden="true">
            {principle.numeral}
          </span>
          <h2 className="principle__heading">{principle.heading}</h2>
          <div className="principle__body">
            {principle.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function PhilosophyPage({ content }: { content: PhilosophyContent }) {
  // The quotation sits halfway through, between the farming and the cellar.
  const half = Math.ceil(content.principles.length / 2);
  return (
    <div className="brochure" data-testid="philosophy-page">
      <BrochureHeader eyebrow={content.eyebrow} title={content.title} lede={content.lede} />
      <figure className="brochure-figure">
        <EstateSection alt={content.illustrationAlt} />
      </figure>
      <Principles principles={content.principles.slice(0, half)} start={1} />
      <figure className="pull-quote">
        <blockquote>
          <p>{content.quote.text}</p>
        </blockquote>
        <figcaption>{content.quote.attribution}</figcaption>
      </figure>
      <Principles principles={content.principles.slice(half)} start={half + 1} />
      <section className="brochure-closing" aria-labelledby="closing-heading">
        <h2 id="closing-heading" className="brochure-closing__heading">
          {content.closing.heading}
        </h2>
        <p>{content.closing.text}</p>
        <ul className="brochure-closing__links">
          {content.closing.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
