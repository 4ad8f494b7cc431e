import { Link } from 'react-router';
import content from '../../content/home.json';
import { VineyardLandscape } from './vineyard-landscape';

/** The brochure's front page. Its words live in content/home.json so a producer can replace them. */
export function HomePage() {
  const { hero, intro } = content;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <VineyardLandscape />
        <div className="hero__veil" aria-hidden="true" />
        <div className="hero__content">
          <p className="hero__eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="hero__motto">{hero.motto}</p>
          <div className="hero__actions">
            <Link to={hero.primaryCta.to} className="button button--light">
              {hero.primaryCta.label}
            </Link>
            <Link to={hero.secondaryCta.to} className="button button--ghost-light">
              {hero.secondaryCta.label}
            </Link>
          </div>
        </div>
      </section>
      <section className="intro" aria-labelledby="intro-heading">
        <div className="intro__inner">
          <p className="eyebrow">{intro.eyebrow}</p>
          <h2 id="intro-heading" className="intro__heading">
            {intro.heading}
          </h2>
          <div className="intro__body">
            {intro.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
          <ul className="intro__pillars">
            {intro.pillars.map((pillar) => (
              <li key={pillar.title}>
                <h3>{pillar.title}</h3>
                <p>{pillar.text}</p>
              </li>
            ))}
          </ul>
          <p>
            <Link to={intro.link.to} className="text-link">
              {intro.link.label}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
