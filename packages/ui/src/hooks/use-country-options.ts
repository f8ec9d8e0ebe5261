import type { ListedCountry } from '@khel/core/country-list';
import { DIAL_CODES } from '@khel/core/validation';
import { useEffect, useMemo, useState } from 'react';
import type { Language } from '../i18n/index.ts';

export interface CountryOption {
  code: string;
  dialCode: string;
  flag: string;
  name: string;
}

/** India and Brazil open the list (the product's main markets) and are all we show before the full list loads. */
export const PINNED_COUNTRIES = [
  { code: 'IN', dialCode: DIAL_CODES.IN },
  { code: 'BR', dialCode: DIAL_CODES.BR },
] as const;

/**
 * The full list (about 250 countries) is a small chunk of its own, loaded on demand, with names in
 * the reader's language only (the browser's, else that one language's names file).
 */
function loadCountries(language: Language): Promise<readonly ListedCountry[]> {
  return import('@khel/core/country-list').then((m) => m.loadCountryList(language));
}

function flagOf(iso2: string): string {
  return String.fromCodePoint(...[...iso2].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

function regionName(iso2: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(iso2) ?? iso2;
  } catch {
    return iso2;
  }
}

export function useCountryOptions(language: Language): { options: CountryOption[]; loaded: boolean } {
  const [countries, setCountries] = useState<readonly ListedCountry[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadCountries(language)
      .then((list) => {
        if (alive) setCountries(list);
      })
      .catch((error) => console.error('Could not load the country list', error));
    return () => {
      alive = false;
    };
  }, [language]);

  return useMemo(() => {
    // After a language change the previous list stays up until this one's is in.
    if (!countries) {
      return {
        loaded: false,
        options: PINNED_COUNTRIES.map((c) => ({
          ...c,
          flag: flagOf(c.code),
          name: regionName(c.code, language),
        })),
      };
    }
    return { loaded: true, options: [...countries] };
  }, [countries, language]);
}
