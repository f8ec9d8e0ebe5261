import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, isSupportedCountry, toCountryOption } from './supported-countries.ts';

describe('SPEC §9 countries: IN, BR, NP, BD, BH, Others', () => {
  it('lists the options in spec order', () => {
    expect(COUNTRY_OPTIONS).toEqual(['IN', 'BR', 'NP', 'BD', 'BH', 'Others']);
  });

  it("maps any other country (and none) to 'Others'", () => {
    expect(toCountryOption('in')).toBe('IN');
    expect(toCountryOption('BH')).toBe('BH');
    expect(toCountryOption('US')).toBe('Others');
    expect(toCountryOption(undefined)).toBe('Others');
    expect(isSupportedCountry('np')).toBe(true);
    expect(isSupportedCountry('PK')).toBe(false);
  });
});
