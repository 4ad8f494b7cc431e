import { describe, expect, it } from 'vitest';
import { countryRead } from './import-countries';

describe('countryRead', () => {
  it("says which country the import reads, by the console's name for it", () => {
    expect(['Österreich', 'usa', 'FR', 'Suisse', 'France'].map(countryRead)).toEqual(['Austria', 'United States', 'France', 'Switzerland', 'France']);
  });

  it('is null for what names no country', () => {
    expect(['Atlantis', 'XX'].map(countryRead)).toEqual([null, null]);
  });
});
