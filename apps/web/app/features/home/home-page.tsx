import { Link } from 'react-router';
import content from '../../content/home.json';
import { useSession } from '../../lib/session/session.api';
import { VineyardLandscape } from './vineyard-landscape';

/**
 * The hero's calls to action: joining and signing in for a visitor, the account and the wines for
 * a signed-in member. Both pairs are in the HTML (prerendered as a visitor's); the brochure island
 * swaps them by their data-audience once it knows the member, and the slot stays invisible for a
 * returning member until then (styles/layout/frame.css), so neither sees the other's buttons.
 */
function HeroActions() {
  const { hero } = content;
  const session = useSession();
  const member = session.known && session.loggedIn;
  const pairs = [
    { audience: 'visitor', hidden: member, primary: hero.primaryCta, secondary: hero.secondaryCta },
    { audience: 'member', hidden: !member, primary: hero.memberPrimaryCta, secondary: hero.memberSecondaryCta },
  ] as const;
  return (
    <div className="hero__actions" data-audience-state={session.known ? 'ready' : 'tentative'}>
      {pairs.flatMap(({ audience, hidden, primary, secondary }) => [
        <Link key={`${audience}-primary`} to={primary.to} className="button button--light" data-audience={audience} hidden={hidden}>
          {primary.label}
        </Link>,
        <Link key={`${audience}-secondary`} to={secondary.to} className="button button--ghost-light" data-audience={audience} hidden={hidden}>
          {secondary.label}
        </Link>,
      ])}
    </div>
  );
}

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
          <HeroActions />
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
