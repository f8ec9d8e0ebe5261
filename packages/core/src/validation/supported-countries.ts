/**
 * SPEC §9: the countries the product treats specially, and their dial codes. Light on purpose:
 * the full country list (./countries.ts) is a separate, lazily loaded module.
 */
export const SUPPORTED_COUNTRIES = ['IN', 'BR', 'NP', 'BD', 'BH'] as const;
export type SupportedCountry = (typeof SUPPORTED_COUNTRIES)[number];

/** Every other country is grouped as 'Others' (e.g. in analytics and the country filter). */
export const OTHER_COUNTRIES = 'Others';
export const COUNTRY_OPTIONS = [...SUPPORTED_COUNTRIES, OTHER_COUNTRIES] as const;
export type CountryOption = (typeof COUNTRY_OPTIONS)[number];

/** SPEC §9 dial codes, exact. */
export const DIAL_CODES = { IN: '+91', BR: '+55', NP: '+977', BD: '+880' } as const;

export function isSupportedCountry(iso2: string): iso2 is SupportedCountry {
  return (SUPPORTED_COUNTRIES as readonly string[]).includes(iso2.toUpperCase());
}

/** `in` → `IN`, `US` → `Others`. */
export function toCountryOption(iso2: string | null | undefined): CountryOption {
  const code = (iso2 ?? '').toUpperCase();
  return isSupportedCountry(code) ? code : OTHER_COUNTRIES;
}

/** Languages spoken (on Telegram) almost only in one supported country: the country they point to. */
const LANGUAGE_COUNTRIES: Readonly<Record<string, SupportedCountry>> = {
  hi: 'IN',
  mr: 'IN',
  gu: 'IN',
  ta: 'IN',
  te: 'IN',
  kn: 'IN',
  ml: 'IN',
  or: 'IN',
  as: 'IN',
  ne: 'NP',
};

/**
 * The supported country a Telegram `language_code` (an IETF tag) points to, or null: `hi` → IN, `pt-BR` and a bare
 * `pt` (Telegram's Portuguese is Brazil's) → BR, `pt-PT` → null, a supported region (`en-IN`, `bn-BD`) → it,
 * `en` → null (spoken everywhere).
 */
export function countryOfLanguage(languageCode: string | null | undefined): SupportedCountry | null {
  const [primary, region] = (languageCode ?? '').toLowerCase().split(/[-_]/);
  if (!primary) return null;
  if (primary === 'pt') return region === undefined || region === 'br' ? 'BR' : null;
  const regional = region?.toUpperCase();
  if (regional && isSupportedCountry(regional)) return regional;
  return LANGUAGE_COUNTRIES[primary] ?? null;
}
