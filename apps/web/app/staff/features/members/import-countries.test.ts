import { describe, expect, it } from 'vitest';
import { countryRead, stateRead } from './import-countries';

describe('countryRead', () => {
  it("says which country the import reads, by the console's name for it", () => {
    expect(['Österreich', 'usa', 'FR', 'Suisse', 'France'].map(countryRead)).toEqual(['Austria', 'United States', 'France', 'Switzerland', 'France']);
  });

  it('is null for what names no country', () => {
    expect(['Atlantis', 'XX'].map(countryRead)).toEqual([null, null]);
  });
});

describe('stateRead', () => {
  it("names a state of a country with a list, whatever the file's country and state are called", () => {
    expect(stateRead('bc', 'Canada')).toBe('British Columbia');
    expect(stateRead('California', 'usa')).toBe('California');
    expect(stateRead('NSW', 'AU')).toBe('New South Wales');
    expect(stateRead('ca', 'Vereinigte Staaten')).toBe('California');
  });

  it('is null for a country without a list, no country, or a state its list does not have', () => {
    expect(stateRead('Bayern', 'Deutschland')).toBeNull();
    expect(stateRead('CA', undefined)).toBeNull();
    expect(stateRead('CA', 'Atlantis')).toBeNull();
    expect(stateRead('Calisota', 'US')).toBeNull();
  });
});
