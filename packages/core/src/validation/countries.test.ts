import { describe, expect, it } from 'vitest';
import {
  COUNTRY_NAME_LANGUAGES,
  countryName,
  DIAL_CODES,
  flagEmoji,
  getCountries,
  getCountriesByDialCode,
  getCountry,
  SUPPORTED_COUNTRIES,
} from './countries.ts';

describe('country list (SPEC §3: about 250 entries, names in about 20 languages, dial_code, ISO code, flag)', () => {
  const countries = getCountries();

  it('has about 250 entries with unique codes', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.length).toBeLessThanOrEqual(260);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
  });

  it('every entry has 20 language names, a dial code, an ISO alpha-2/alpha-3 code and a flag', () => {
    expect(COUNTRY_NAME_LANGUAGES).toHaveLength(20);
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.iso3).toMatch(/^[A-Z]{3}$/);
      expect(c.dial_code).toMatch(/^\+\d{1,4}$/);
      expect([...c.flag]).toHaveLength(2);
      expect(Object.keys(c.names).sort()).toEqual([...COUNTRY_NAME_LANGUAGES].sort());
      for (const name of Object.values(c.names)) expect(name.length).toBeGreaterThan(0);
    }
  });

  it('India and Brazil first, then the rest sorted by English name', () => {
    expect(countries[0]?.code).toBe('IN');
    expect(countries[1]?.code).toBe('BR');
    const rest = countries.slice(2).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(rest).not.toContain('India');
  });

  it('is built once and cached', () => {
    expect(getCountries()).toBe(countries);
    expect(Object.isFrozen(countries)).toBe(true);
  });

  it('SPEC §9 dial codes: IN +91, BR +55, NP +977, BD +880, and they match the list', () => {
    expect(DIAL_CODES).toEqual({ IN: '+91', BR: '+55', NP: '+977', BD: '+880' });
    for (const [code, dial] of Object.entries(DIAL_CODES)) expect(getCountry(code)?.dial_code).toBe(dial);
    expect(SUPPORTED_COUNTRIES).toEqual(['IN', 'BR', 'NP', 'BD', 'BH']);
    expect(getCountry('BH')?.dial_code).toBe('+973');
  });

  it('getCountry is case-insensitive and undefined for unknown codes', () => {
    expect(getCountry('in')).toMatchObject({
      code: 'IN',
      iso3: 'IND',
      name: 'India',
      dial_code: '+91',
      flag: '🇮🇳',
    });
    expect(getCountry('ZZ')).toBeUndefined();
  });

  it('countryName reads the primary language and falls back to English', () => {
    expect(countryName('BR', 'pt-BR')).toBe('Brasil');
    expect(countryName('IN', 'hi')).toBe('भारत');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('IN', 'xx')).toBe('India');
    expect(countryName('ZZ', 'en')).toBeUndefined();
  });

  it('flag emoji from the ISO code', () => {
    expect(flagEmoji('BR')).toBe('🇧🇷');
    expect(flagEmoji('np')).toBe('🇳🇵');
    expect(flagEmoji('BRA')).toBe('');
  });

  it('shared dial codes list every country that uses them', () => {
    const plusOne = getCountriesByDialCode('+1').map((c) => c.code);
    expect(plusOne).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(getCountriesByDialCode('880').map((c) => c.code)).toEqual(['BD']);
  });
});
