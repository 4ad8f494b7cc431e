import type { OfferingLetter, VintageNote } from '../db/schema/index.js';
import type { WineFamily } from './demo-season.js';

/**
 * The two releases before the current one (seed-history.ts): their wines, prices and letters,
 * in the voice of the current release's (seed-content.ts).
 */
export interface PastRelease {
  /** How many days before the current release it opened; each stayed open 30 days. */
  daysBefore: number;
  orderMinimumCents: number;
  wines: ReadonlyArray<{ family: WineFamily; name: string; vintage: number; sizeMl: number; priceCents: number; note: string }>;
  letter: OfferingLetter;
}

const wine = (family: WineFamily, name: string, vintage: number, priceCents: number, note: string) => ({ family, name, vintage, sizeMl: 750, priceCents, note });

export const PAST_RELEASES: readonly PastRelease[] = [
  {
    daysBefore: 364,
    orderMinimumCents: 25_000,
    wines: [
      wine('melbury', 'Melbury', 2020, 27_500, 'A vintage shadowed by September smoke: we picked early and sorted hard. Dark plum, cedar and a firm, chalky finish.'),
      wine('pluribus', 'Pluribus', 2020, 17_500, 'Bright and peppery, the field blend at its most immediate.'),
      wine('quella', 'Quella', 2020, 36_500, 'Tiny yields on the terraces; taut, stony, and in need of time.'),
      wine('stEden', 'St. Eden', 2020, 21_000, 'Cool, fragrant and light on its feet; the hollow kept the heat at bay.'),
      wine('vecina', 'Vecina', 2020, 11_500, 'Round and generous, for the table while the others rest.'),
    ],
    letter: {
      title: 'The 2020 wines',
      paragraphs: [
        'Dear friends, 2020 asked more of us than any year since we began. The fires of late summer came close enough that we could taste them in the air, and we made our choices block by block, berry by berry.',
        'What we kept, we are proud of. The wines are smaller in number and quieter in voice, but they are true to the hillside, and some of them will surprise you in ten years.',
        'Thank you for standing with us. Your orders this year mean more than ever.',
      ],
      signature: 'Catherine Aldermoor',
    },
  },
  {
    daysBefore: 182,
    orderMinimumCents: 25_000,
    wines: [
      wine('melbury', 'Melbury', 2021, 28_500, 'A long, even season; Melbury at its most complete, with cassis, graphite and a long, fine-grained finish.'),
      wine('pluribus', 'Pluribus', 2021, 18_000, 'Violets, plum skin and a savoury edge; the five varieties in perfect balance.'),
      wine('quella', 'Quella', 2021, 37_500, 'Powerful and precise; best from its fifteenth year.'),
      wine('stEden', 'St. Eden', 2021, 22_000, 'Raspberry, red currant and a cool, leafy lift.'),
      wine('vecina', 'Vecina', 2021, 12_000, 'Ripe black cherry and mocha; generous early.'),
      wine('orsola', 'Orsola', 2020, 32_500, 'Held back a year in bottle: wild, mineral and cool-fruited.'),
    ],
    letter: {
      title: 'The 2021 wines',
      paragraphs: [
        'Dear friends, 2021 was the year every grower hopes for: a mild spring, a warm but never scorching summer, and an autumn that let each block ripen in its own time.',
        'The wines show it. Melbury is as complete as we have made it, Quella is built for the long haul, and St. Eden has a fragrance that fills the room.',
        'We also offer, for the first time, a little Orsola 2020 from the ridge, held back a year in bottle. There is not much; we have shared it among our longest-standing members.',
      ],
      signature: 'Catherine Aldermoor',
    },
  },
];

export const pastNotes = (release: PastRelease): VintageNote[] =>
  release.wines.map((entry) => ({ title: `${entry.name} ${entry.vintage}`, paragraphs: [entry.note] }));
