import { describe, expect, it } from 'vitest';
import { getCountries } from './countries.ts';
import {
  COUNTRY_DIAL_CODES,
  displayNames,
  fileNames,
  listCountries,
  loadCountryList,
  PINNED_COUNTRIES,
} from './country-list.ts';

describe('the front ends’ country list (names in the reader’s language only)', () => {
  it('lists the same countries and calling codes as the API’s list', () => {
    const api = getCountries()
      .map((c) => [c.code, c.dial_code] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    expect(COUNTRY_DIAL_CODES).toEqual(api);
  });

  it('opens with India and Brazil, then sorts by name in the reader’s language', async () => {
    const list = await loadCountryList('pt-BR');
    expect(list.slice(0, 2).map((c) => c.code)).toEqual([...PINNED_COUNTRIES]);
    expect(list).toHaveLength(COUNTRY_DIAL_CODES.length);
    const rest = list.slice(2).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('pt-BR').compare));
    expect(list.find((c) => c.code === 'DE')).toEqual({
      code: 'DE',
      dialCode: '+49',
      flag: '🇩🇪',
      name: 'Alemanha',
    });
  });

  it('names every country in Hindi, from the browser or else from the Hindi names file', async () => {
    const list = await loadCountryList('hi');
    expect(list[0]).toMatchObject({ code: 'IN', dialCode: '+91', name: 'भारत' });
    for (const country of list) expect(country.name).not.toBe(country.code);
    const file = await fileNames('hi');
    expect(file('IN')).toBe('भारत');
    expect(listCountries('hi', file).every((c) => c.name !== c.code)).toBe(true);
  });

  it('reads English names for a language without a names file', async () => {
    const file = await fileNames('sw');
    expect(file('BR')).toBe('Brazil');
  });

  it('knows when the browser has no names for a language', () => {
    expect(displayNames('en')?.('IN')).toBe('India');
    expect(displayNames('en')?.('JJ')).toBeUndefined();
  });
});
