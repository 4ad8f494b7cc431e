import philosophy from '../../content/brands/aldermoor/philosophy.json';
import team from '../../content/brands/aldermoor/team.json';
import grandCrus from '../../content/brands/aldermoor/grand-crus.json';
import matriarch from '../../content/brands/matriarch/matriarch.json';
import type {
  GrandCrusContent,
  GrandCrusIndexData,
  GrandCruPageData,
  MatriarchContent,
  PhilosophyContent,
  TeamContent,
} from './brochure-content';

/*
 * Read only by route loaders, which run at build time (prerendering): the content reaches the
 * browser as HTML and as page data, never inside the JavaScript bundle. The typed constants
 * make the compiler check each JSON file against its shape.
 */
const PHILOSOPHY: PhilosophyContent = philosophy;
const TEAM: TeamContent = team;
const GRAND_CRUS: GrandCrusContent = grandCrus;
const MATRIARCH: MatriarchContent = matriarch;

export const getPhilosophy = (): PhilosophyContent => PHILOSOPHY;
export const getTeam = (): TeamContent => TEAM;
export const getMatriarch = (): MatriarchContent => MATRIARCH;

export function getGrandCrusIndex(): GrandCrusIndexData {
  const { wines, ...intro } = GRAND_CRUS;
  return {
    ...intro,
    wines: wines.map(({ slug, name, numeral, emblem, tagline, summary, vineyard, wine }) => ({
      slug,
      name,
      numeral,
      emblem,
      tagline,
      summary,
      elevationFeet: vineyard.elevationFeet,
      acres: vineyard.acres,
      leadVariety: wine.varieties[0]?.name ?? '',
    })),
  };
}

/** One wine with its neighbours in the list (wrapping round), or null for an unknown slug. */
export function getGrandCru(slug: string | undefined): GrandCruPageData | null {
  const { wines } = GRAND_CRUS;
  const index = wines.findIndex((wine) => wine.slug === slug);
  const wine = wines[index];
  if (!wine) return null;
  const previous = wines[(index - 1 + wines.length) % wines.length] ?? wine;
  const next = wines[(index + 1) % wines.length] ?? wine;
  return {
    wine,
    previous: { slug: previous.slug, name: previous.name },
    next: { slug: next.slug, name: next.name },
  };
}
