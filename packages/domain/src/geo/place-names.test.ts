import { describe, expect, it } from 'vitest';
import { comparableName, countryCodeFromName, countryNamed, stateCodeFromName } from './place-names.js';

describe('comparableName', () => {
  it('drops case, accents, spaces and punctuation, and reads ß as ss', () => {
    expect(['Côte d’Ivoire', 'E-mail Address', 'Straße', 'STRASSE', 'Código postal'].map(comparableName)).toEqual(['cotedivoire', 'emailaddress', 'strasse', 'strasse', 'codigopostal']);
  });
});

describe('countryCodeFromName', () => {
  it('reads a code in either case, an English name, an alias or a name in French, German, Spanish, Italian or Dutch', () => {
    expect(['us', 'FR', 'United States of America', 'france', 'UK', 'Türkiye', 'Turkey', 'Allemagne', 'Österreich', 'osterreich', 'España', 'Svizzera', 'Verenigd Koninkrijk', 'États-Unis'].map(countryCodeFromName)).toEqual([
      'US', 'FR', 'US', 'FR', 'GB', 'TR', 'TR', 'DE', 'AT', 'AT', 'ES', 'CH', 'GB', 'US',
    ]);
  });

  it('gives back what names no country, for the address rules to refuse', () => {
    expect(['Atlantis', 'Narnia 2'].map(countryCodeFromName)).toEqual(['Atlantis', 'Narnia 2']);
    expect(['Atlantis', 'XX', ''].map(countryNamed)).toEqual([null, null, null]);
    expect(countryNamed(' Deutschland ')).toBe('DE');
  });
});

describe('stateCodeFromName', () => {
  it("reads a state of a country with a list by its code or its name, and leaves other countries' as given", () => {
    expect(stateCodeFromName('California', 'US')).toBe('CA');
    expect(stateCodeFromName('ca', 'US')).toBe('ca');
    expect(stateCodeFromName('Québec', 'CA')).toBe('QC');
    expect(stateCodeFromName('new south wales', 'AU')).toBe('NSW');
    expect(stateCodeFromName('Calisota', 'US')).toBe('Calisota');
    expect(stateCodeFromName('Bayern', 'DE')).toBe('Bayern');
  });
});
