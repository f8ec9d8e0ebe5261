import { createRequire } from 'node:module';
import type { LocaleData } from 'i18n-iso-countries';
import type { CountryCode } from 'libphonenumber-js/mobile';

import { flagEmoji, PINNED_COUNTRIES } from './country-list.ts';

export { flagEmoji, PINNED_COUNTRIES } from './country-list.ts';
export * from './supported-countries.ts';

/**
 * SPEC §3: about 250 countries with names in about 20 languages, dial code, ISO code and flag: the
 * API's list (GET /users/countries) and its checks. The front ends show ./country-list.ts instead,
 * with names in the reader's language only.
 * Built from i18n-iso-countries (names) and libphonenumber-js (calling codes); i18n-iso-countries
 * ships no Telugu, so Malayalam is the twentieth language. Only countries that have both a name
 * and a calling code are listed (Antarctica and a few uninhabited territories have no calling code).
 */
export const COUNTRY_NAME_LANGUAGES = [
  'en',
  'hi',
  'pt',
  'es',
  'fr',
  'de',
  'it',
  'ru',
  'ar',
  'bn',
  'ta',
  'mr',
  'ur',
  'id',
  'tr',
  'ja',
  'ko',
  'zh',
  'vi',
  'ml',
] as const;
export type CountryNameLanguage = (typeof COUNTRY_NAME_LANGUAGES)[number];

export interface Country {
  /** ISO 3166-1 alpha-2, upper case (`IN`). */
  code: string;
  /** ISO 3166-1 alpha-3 (`IND`). */
  iso3: string;
  /** English name. */
  name: string;
  names: Record<CountryNameLanguage, string>;
  /** `+` and the calling code (`+91`). */
  dial_code: string;
  /** Regional-indicator emoji (`🇮🇳`). */
  flag: string;
}

let cache: readonly Country[] | null = null;
let byCode: Map<string, Country> | null = null;

function build(): readonly Country[] {
  // The names (20 JSON files) and the calling codes load with the first call, not when the API starts:
  // only the country list and the profile's country check read them.
  const load = createRequire(import.meta.url);
  const isoCountries = load('i18n-iso-countries') as typeof import('i18n-iso-countries');
  for (const lang of COUNTRY_NAME_LANGUAGES)
    isoCountries.registerLocale(load(`i18n-iso-countries/langs/${lang}.json`) as LocaleData);
  const { getCountries: getPhoneCountries, getCountryCallingCode } = load(
    'libphonenumber-js/mobile',
  ) as typeof import('libphonenumber-js/mobile');
  const phoneCountries = new Set<string>(getPhoneCountries());
  const countries: Country[] = [];
  for (const [code, iso3] of Object.entries(isoCountries.getAlpha2Codes())) {
    if (!phoneCountries.has(code)) continue;
    const english = isoCountries.getName(code, 'en');
    if (!english) continue;
    const names = {} as Record<CountryNameLanguage, string>;
    for (const lang of COUNTRY_NAME_LANGUAGES) names[lang] = isoCountries.getName(code, lang) ?? english;
    countries.push({
      code,
      iso3,
      name: english,
      names,
      dial_code: `+${getCountryCallingCode(code as CountryCode)}`,
      flag: flagEmoji(code),
    });
  }
  const pinned = PINNED_COUNTRIES.map((code) => countries.find((c) => c.code === code)).filter(
    (c): c is Country => c !== undefined,
  );
  const rest = countries
    .filter((c) => !(PINNED_COUNTRIES as readonly string[]).includes(c.code))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return Object.freeze([...pinned, ...rest].map((c) => Object.freeze(c)));
}

/** The whole list, built on first call and cached: India, Brazil, then the rest by English name. */
export function getCountries(): readonly Country[] {
  cache ??= build();
  return cache;
}

/** The country for an alpha-2 code (any case), or undefined. */
export function getCountry(iso2: string): Country | undefined {
  byCode ??= new Map(getCountries().map((c) => [c.code, c]));
  return byCode.get(iso2.toUpperCase());
}

/**
 * The country's name in `lang` (`pt-BR` and `pt_BR` read as `pt`); English when the language is not
 * one of COUNTRY_NAME_LANGUAGES; undefined for an unknown code.
 */
export function countryName(iso2: string, lang: string): string | undefined {
  const country = getCountry(iso2);
  if (!country) return undefined;
  const primary = lang.toLowerCase().split(/[-_]/)[0] ?? '';
  return (country.names as Record<string, string>)[primary] ?? country.name;
}

/** Countries using `dialCode` (`+91` or `91`), in list order; several share some codes (+1, +7, +44). */
export function getCountriesByDialCode(dialCode: string): Country[] {
  const normalized = `+${dialCode.trim().replace(/^\+/, '')}`;
  return getCountries().filter((c) => c.dial_code === normalized);
}
