import { describe, expect, it } from 'vitest';
import { bottleArtwork, wineOfNote } from './wine-bottle-image';

const wine = (id: string, name: string, vintage: number, sizeMl = 750) => ({ id, name, vintage, sizeMl, image: null });

describe('bottleArtwork', () => {
  it("finds each grand cru's own bottle by its name, and the estate's plain bottle for any other wine", () => {
    expect(bottleArtwork('St. Eden')).toEqual({ src: '/images/wines/st-eden.svg', width: 240, height: 800 });
    expect(bottleArtwork('Orsola').src).toBe('/images/wines/orsola.svg');
    expect(bottleArtwork('Somebody’s Cabernet').src).toBe('/images/wines/estate.svg');
  });
});

describe('wineOfNote', () => {
  const wines = [wine('magnum', 'Melbury', 2022, 1500), wine('melbury', 'Melbury', 2022), wine('quella', 'Quella', 2021)];

  it('is the wine a note is titled after, the standard bottle before a magnum of the same vintage', () => {
    expect(wineOfNote('Melbury 2022', wines)?.id).toBe('melbury');
    expect(wineOfNote(' Quella 2021 ', wines)?.id).toBe('quella');
    expect(wineOfNote('Melbury 2022', [wines[0]!])?.id).toBe('magnum');
  });

  it('is none for a note about something else, or another vintage', () => {
    expect(wineOfNote('The growing season', wines)).toBeUndefined();
    expect(wineOfNote('Quella 2022', wines)).toBeUndefined();
  });
});
