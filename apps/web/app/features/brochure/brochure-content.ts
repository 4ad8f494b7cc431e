/**
 * The shapes of the brochure's content files (content/brands/*). Components render these and
 * nothing else, so a producer can rewrite every sentence without touching code.
 */
export interface LinkContent {
  label: string;
  to: string;
}

export interface QuoteContent {
  text: string;
  attribution: string;
}

export interface Variety {
  name: string;
  percent: number;
}

export interface Vintage {
  year: number;
  note: string;
}

export interface DrinkingWindow {
  from: number;
  to: number;
  note: string;
}

export interface PhilosophyContent {
  eyebrow: string;
  title: string;
  lede: string;
  illustrationAlt: string;
  principles: { id: string; numeral: string; heading: string; paragraphs: string[] }[];
  quote: QuoteContent;
  closing: { heading: string; text: string; links: LinkContent[] };
}

export interface TeamMember {
  id: string;
  name: string;
  /** A drawing of the person (public/images/team): a silhouette in the manner of an old cameo. */
  portrait?: string;
  /** Shown in a cameo of their own where there is no portrait. */
  initials: string;
  role: string;
  since: number;
  bio: string;
}

export interface TeamContent {
  eyebrow: string;
  title: string;
  lede: string;
  members: TeamMember[];
}

export interface GrandCru {
  slug: string;
  name: string;
  numeral: string;
  /** Which drawing represents the wine: bench, field, terraces, spring, neighbours or seal. */
  emblem: string;
  tagline: string;
  summary: string;
  metaDescription: string;
  vineyard: {
    aspect: string;
    elevationFeet: number;
    soil: string;
    acres: number;
    planted: string;
    paragraphs: string[];
  };
  wine: {
    varieties: Variety[];
    elevage: string;
    cases: number;
    paragraphs: string[];
  };
  tasting: string;
  vintages: Vintage[];
  drinkingWindow: DrinkingWindow;
}

export interface GrandCrusContent {
  eyebrow: string;
  title: string;
  lede: string;
  note: string;
  wines: GrandCru[];
}

/** What the grand crus index needs of each wine: enough for a card, not the whole page. */
export type GrandCruCard = Pick<GrandCru, 'slug' | 'name' | 'numeral' | 'emblem' | 'tagline' | 'summary'> & {
  elevationFeet: number;
  acres: number;
  leadVariety: string;
};

export interface GrandCrusIndexData extends Omit<GrandCrusContent, 'wines'> {
  wines: GrandCruCard[];
}

export interface GrandCruPageData {
  wine: GrandCru;
  previous: Pick<GrandCru, 'slug' | 'name'>;
  next: Pick<GrandCru, 'slug' | 'name'>;
}

export interface MatriarchContent {
  eyebrow: string;
  title: string;
  tagline: string;
  lede: string;
  label: { estate: string; name: string; origin: string; kind: string; alt: string };
  story: { heading: string; paragraphs: string[]; quote: QuoteContent };
  wine: {
    heading: string;
    paragraphs: string[];
    varieties: Variety[];
    sources: string;
    elevage: string;
    cases: number;
  };
  tasting: string;
  vintages: Vintage[];
  drinkingWindow: DrinkingWindow;
  contactHeading: string;
  contactText: string;
}
