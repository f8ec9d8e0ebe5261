import type { Country } from '@khel/core/countries';
import { DIAL_CODES } from '@khel/core/validation';
import { useEffect, useMemo, useState } from 'react';
import { countryNameKey, type Language } from '../i18n/index.ts';

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

let countriesPromise: Promise<readonly Country[]> | null = null;

/** The full list (about 250 countries, names in about 20 languages) is a separate chunk, loaded on demand. */
function loadCountries(): Promise<readonly Country[]> {
  countriesPromise ??= import('@khel/core/countries').then((m) => m.getCountries());
  countriesPromise.catch(() => {
    countriesPromise = null;
  });
  return countriesPromise;
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
  const [countries, setCountries] = useState<readonly Country[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadCountries()
      .then((list) => {
        if (alive) setCountries(list);
      })
      .catch((error) => console.error('Could not load the country list', error));
    return () => {
      alive = false;
    };
  }, []);

  return useMemo(() => {
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
    const key = countryNameKey(language) as keyof Country['names'];
    return {
      loaded: true,
      options: countries.map((c) => ({
        code: c.code,
        dialCode: c.dial_code,
        flag: c.flag,
        name: c.names[key] ?? c.name,
      })),
    };
  }, [countries, language]);
}
