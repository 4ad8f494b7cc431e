import type { OfferingLetter, VintageNote } from '../db/schema/index.js';

/**
 * The demo producer's offering content: original writing for the fictional Aldermoor Estate, in
 * the same voice as the brochure (apps/web/app/content/brands/aldermoor). Kept apart from the
 * seeding steps (seed-offerings.ts) so they stay readable.
 */

export type DemoWineKey =
  | 'melbury22'
  | 'melbury22Magnum'
  | 'pluribus22'
  | 'quella22'
  | 'stEden22'
  | 'vecina22'
  | 'orsola21'
  | 'melbury19'
  | 'quella19'
  | 'stEden19'
  | 'vecina19';

const SUMMARY = {
  melbury:
    'Cabernet Sauvignon from the oldest block on the estate: broad, calm and deep, with the benchland’s dusty, cocoa-edged tannin.',
  pluribus:
    'A field blend from a co-planted block on the middle slope: Cabernet, Merlot, Cabernet Franc, Petit Verdot and Malbec, fermented together.',
  quella:
    'Pure Cabernet Sauvignon from narrow terraces at 1,120 feet, where thin red soil lies over fractured rock: the estate’s most structured wine.',
  stEden: 'Cabernet Franc and Merlot from a sheltered hollow facing north-east and fed by a spring: perfumed, fresh and finely drawn.',
  vecina:
    'A south-facing slope on the boundary with the walnut orchard next door: Cabernet Sauvignon with Merlot and a little Petit Verdot, generous and warm.',
  orsola: 'Cabernet Sauvignon and Petit Verdot from the exposed ridge at 1,480 feet, planted in 2004: wild, mineral and cool-fruited.',
};

export const DEMO_WINES: Record<DemoWineKey, { name: string; vintage: number; sizeMl: number; description: string }> = {
  melbury22: { name: 'Melbury', vintage: 2022, sizeMl: 750, description: SUMMARY.melbury },
  melbury22Magnum: { name: 'Melbury', vintage: 2022, sizeMl: 1500, description: `${SUMMARY.melbury} In magnum.` },
  pluribus22: { name: 'Pluribus', vintage: 2022, sizeMl: 750, description: SUMMARY.pluribus },
  quella22: { name: 'Quella', vintage: 2022, sizeMl: 750, description: SUMMARY.quella },
  stEden22: { name: 'St. Eden', vintage: 2022, sizeMl: 750, description: SUMMARY.stEden },
  vecina22: { name: 'Vecina', vintage: 2022, sizeMl: 750, description: SUMMARY.vecina },
  orsola21: { name: 'Orsola', vintage: 2021, sizeMl: 750, description: SUMMARY.orsola },
  melbury19: { name: 'Melbury', vintage: 2019, sizeMl: 750, description: SUMMARY.melbury },
  quella19: { name: 'Quella', vintage: 2019, sizeMl: 750, description: SUMMARY.quella },
  stEden19: { name: 'St. Eden', vintage: 2019, sizeMl: 750, description: SUMMARY.stEden },
  vecina19: { name: 'Vecina', vintage: 2019, sizeMl: 750, description: SUMMARY.vecina },
};

/** The two in-house locations (seed §9), both pick-up points; only the cellar door ships. */
export const DEMO_LOCATIONS = {
  cellarDoor: {
    name: 'Aldermoor Cellar Door',
    address: '1450 Oakville Grade, Oakville, CA 94562',
    hours: 'Daily, 10 am to 4 pm',
    countryCode: 'US',
    stateCode: 'CA',
    shipsFrom: true,
    pickup: true,
    sortOrder: 0,
  },
  tastingRoom: {
    name: 'Aldermoor Tasting Room',
    address: '655 Sacramento Street, San Francisco, CA 94111',
    hours: 'Thursday to Sunday, 11 am to 6 pm',
    countryCode: 'US',
    stateCode: 'CA',
    shipsFrom: false,
    pickup: true,
    sortOrder: 1,
  },
} as const;

/**
 * The current release: price in cents, bottles at the cellar door and at the tasting room, and
 * each demo member's limits. Orsola 2021 is already spoken for (no stock): members may still ask
 * for it as a wish. Prices and the pending order AE-10001 are chosen so its total is $648.00.
 */
export const CURRENT_RELEASE: ReadonlyArray<{
  wine: DemoWineKey;
  priceCents: number;
  stock: { cellarDoor: number; tastingRoom: number };
  offering: { minimum: number; maximum: number };
  ordered: { minimum: number; maximum: number } | null;
}> = [
  { wine: 'melbury22', priceCents: 29_500, stock: { cellarDoor: 480, tastingRoom: 60 }, offering: { minimum: 2, maximum: 6 }, ordered: { minimum: 0, maximum: 3 } },
  { wine: 'pluribus22', priceCents: 18_500, stock: { cellarDoor: 300, tastingRoom: 36 }, offering: { minimum: 0, maximum: 6 }, ordered: { minimum: 0, maximum: 6 } },
  { wine: 'quella22', priceCents: 38_500, stock: { cellarDoor: 180, tastingRoom: 24 }, offering: { minimum: 0, maximum: 3 }, ordered: { minimum: 0, maximum: 2 } },
  { wine: 'stEden22', priceCents: 22_500, stock: { cellarDoor: 240, tastingRoom: 36 }, offering: { minimum: 0, maximum: 6 }, ordered: { minimum: 2, maximum: 6 } },
  { wine: 'vecina22', priceCents: 12_500, stock: { cellarDoor: 360, tastingRoom: 48 }, offering: { minimum: 0, maximum: 12 }, ordered: { minimum: 0, maximum: 6 } },
  { wine: 'melbury22Magnum', priceCents: 62_000, stock: { cellarDoor: 40, tastingRoom: 6 }, offering: { minimum: 0, maximum: 1 }, ordered: null },
  { wine: 'orsola21', priceCents: 34_500, stock: { cellarDoor: 0, tastingRoom: 0 }, offering: { minimum: 0, maximum: 2 }, ordered: null },
];

/** Whoever takes the Melbury magnum takes at least three bottles of Melbury with it. */
export const CURRENT_COMBINATION = { wine: 'melbury22Magnum', requires: 'melbury22', quantity: 3 } as const;
export const CURRENT_ORDER_MINIMUM_CENTS = 30_000;

export const CURRENT_LETTER: OfferingLetter = {
  title: 'The 2022 grand crus',
  paragraphs: [
    'The 2022 grand crus are ready to leave the cellar. It was a year that asked a great deal of us: a dry winter, a mild and even summer, and then, over Labor Day, the fiercest heat the hill has known in my lifetime. We met it the only way we know, with the crew in the rows by headlamp at four in the morning and the last bins inside the cellar door before the sun cleared the eastern hills.',
    'What came in was small, dense and sound. Melbury is dark and surprisingly fresh; Quella, sheltered by its altitude, is powerful and poised; St. Eden shrugged off the heat in its cool hollow and is as fragrant as any we have made. Pluribus was picked before the temperatures spiked and is the most charming in years, and Vecina, as ever, is the one to open first while the others wait.',
    'This spring we also offer a small number of Melbury magnums, which age more slowly and more gracefully than bottles. Because there are so few, we ask that they go to members who are taking at least three bottles of Melbury as well. There is a little Orsola 2021 too, held back a year longer than the others, as the ridge-top wine always is; it is already spoken for, but tell us if you would like some and we will do what we can.',
    'Your allocation is set out on the next page. Should you wish for more of any wine than we have been able to set aside for you, say so there: Naomi reads every request, and once the final figures are in we share what we can. Wines may be shipped when the weather is kind to them, or collected from the cellar door in Oakville or our tasting room in San Francisco.',
    'Thank you, as always, for your patience with us and with the wines.',
  ],
  signature: 'Catherine Aldermoor',
};

export const CURRENT_NOTES: VintageNote[] = [
  {
    title: 'Melbury 2022',
    paragraphs: [
      'A Labor Day heatwave, met with picks before dawn; dense and dark, with surprising freshness. Blackcurrant, black cherry and cocoa over the warm, dusty earth of the benchland, the tannins plentiful but finely grained.',
      '92% Cabernet Sauvignon, 8% Cabernet Franc; 22 months in French oak, 70% new. Approachable at eight years, at its best from its fifteenth. Also offered in magnum.',
    ],
  },
  {
    title: 'Pluribus 2022',
    paragraphs: [
      'Picked in a single morning before the heat spiked; bright, floral and juicy, the most charming in years. Violets, plum skin and a peppery lift from the Malbec and Petit Verdot.',
      'Five varieties co-planted in 1979 and fermented together. Delicious young, and it will hold for two decades.',
    ],
  },
  {
    title: 'Quella 2022',
    paragraphs: [
      'Sheltered from the worst of the heat by altitude; powerful, with real poise. Blackcurrant, crushed rock, graphite and a thread of mountain herbs, tightly wound for now.',
      '100% Cabernet Sauvignon from the stone terraces at 1,120 feet; 24 months in French oak, 80% new. Do not hurry it: best from its fifteenth year.',
    ],
  },
  {
    title: 'St. Eden 2022',
    paragraphs: [
      'Untroubled by the heat in its cool hollow; fragrant and finely strung. Raspberry, red currant and violet, with pencil shavings and a cool, leafy freshness.',
      '78% Cabernet Franc, 22% Merlot, partly whole-cluster; 20 months in oak, 40% new barrels and two large casks. Lovely at five years, and graceful for twenty more.',
    ],
  },
  {
    title: 'Vecina 2022',
    paragraphs: [
      'Picked ahead of the heatwave; opulent yet balanced, and already inviting. Ripe black cherry, mulberry and mocha, plush and open-knit.',
      '64% Cabernet Sauvignon, 30% Merlot, 6% Petit Verdot. Generous early; best between its fifth and fifteenth years.',
    ],
  },
  {
    title: 'Orsola 2021',
    paragraphs: [
      'Very small yields on the windswept ridge; dark, sinewy and compact, with great length. Blueberry, black olive, wild sage and a cool, flinty note from the rhyolite.',
      '85% Cabernet Sauvignon, 15% Petit Verdot, kept a year longer in bottle before release. Patience is rewarded: best from its twelfth year.',
    ],
  },
];

/** The library offering that ended ten days ago (expired@example.com). */
export const LIBRARY_RELEASE: ReadonlyArray<{ wine: DemoWineKey; priceCents: number; stock: number; limits: { minimum: number; maximum: number } }> = [
  { wine: 'melbury19', priceCents: 32_500, stock: 36, limits: { minimum: 0, maximum: 3 } },
  { wine: 'quella19', priceCents: 39_500, stock: 24, limits: { minimum: 0, maximum: 2 } },
  { wine: 'stEden19', priceCents: 24_500, stock: 48, limits: { minimum: 0, maximum: 6 } },
  { wine: 'vecina19', priceCents: 16_500, stock: 60, limits: { minimum: 1, maximum: 6 } },
];
export const LIBRARY_ORDER_MINIMUM_CENTS = 20_000;

export const LIBRARY_LETTER: OfferingLetter = {
  title: 'From the library',
  paragraphs: [
    'Every year Owen sets aside a few cases of each grand cru in the tunnel beneath the hill, where they rest at fifty-seven degrees until we think they have something new to say. The 2019s have reached that point.',
    'It was an even, unhurried year, and the wines have grown into it: Melbury is the most complete of the decade so far, Quella is only beginning to show its depth, St. Eden is perfumed and silky, and Vecina is drinking beautifully now.',
    'There are very few bottles, and they go to members who have asked after older vintages. We hope you enjoy them as much as we have enjoyed watching them age.',
  ],
  signature: 'Catherine Aldermoor',
};

export const LIBRARY_NOTES: VintageNote[] = [
  { title: 'Melbury 2019', paragraphs: ['Even, unhurried ripening; the most complete Melbury of the decade so far.'] },
  { title: 'Quella 2019', paragraphs: ['Classic mountain Cabernet, taut and stony; only beginning to show its depth.'] },
  { title: 'St. Eden 2019', paragraphs: ['Perfumed and silky; a slow autumn brought it in on the first of November.'] },
  { title: 'Vecina 2019', paragraphs: ['Round, ripe and harmonious; drinking beautifully now.'] },
];

/**
 * ordered@example.com's pending order AE-10001: two St. Eden and one Vecina, shipped to New York
 * from the cellar door. 57,500 + 5,000 shipping (1–6 bottles) + 4 % New York sales tax (2,300) =
 * 64,800, the total the account pages have always shown.
 */
export const DEMO_ORDER: {
  lines: ReadonlyArray<{ wine: DemoWineKey; quantity: number }>;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
} = {
  lines: [
    { wine: 'stEden22', quantity: 2 },
    { wine: 'vecina22', quantity: 1 },
  ],
  subtotalCents: 57_500,
  shippingCents: 5_000,
  taxCents: 2_300,
  totalCents: 64_800,
} as const;
