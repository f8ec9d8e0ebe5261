/**
 * The country list as the front ends show it: names in the reader's language only (SPEC §3), so a
 * phone downloads neither the 20 languages of the API's list (./countries.ts) nor libphonenumber's
 * metadata to show a picker. Codes and calling codes are a table below (a test keeps it equal to
 * the list built from i18n-iso-countries and libphonenumber-js); names come from the browser's
 * `Intl.DisplayNames`, and only when it lacks one from a chunk holding that one language's names.
 */

/**
 * Alpha-2 code followed by the calling code, for every country that has both a name and a calling
 * code (./countries.ts), sorted by code.
 */
const DIAL_TABLE =
  'AD376 AE971 AF93 AG1 AI1 AL355 AM374 AO244 AR54 AS1 AT43 AU61 AW297 AX358 AZ994 BA387 BB1 BD880 ' +
  'BE32 BF226 BG359 BH973 BI257 BJ229 BL590 BM1 BN673 BO591 BQ599 BR55 BS1 BT975 BW267 BY375 BZ501 ' +
  'CA1 CC61 CD243 CF236 CG242 CH41 CI225 CK682 CL56 CM237 CN86 CO57 CR506 CU53 CV238 CW599 CX61 ' +
  'CY357 CZ420 DE49 DJ253 DK45 DM1 DO1 DZ213 EC593 EE372 EG20 EH212 ER291 ES34 ET251 FI358 FJ679 ' +
  'FK500 FM691 FO298 FR33 GA241 GB44 GD1 GE995 GF594 GG44 GH233 GI350 GL299 GM220 GN224 GP590 GQ240 ' +
  'GR30 GT502 GU1 GW245 GY592 HK852 HN504 HR385 HT509 HU36 ID62 IE353 IL972 IM44 IN91 IO246 IQ964 ' +
  'IR98 IS354 IT39 JE44 JM1 JO962 JP81 KE254 KG996 KH855 KI686 KM269 KN1 KP850 KR82 KW965 KY1 KZ7 ' +
  'LA856 LB961 LC1 LI423 LK94 LR231 LS266 LT370 LU352 LV371 LY218 MA212 MC377 MD373 ME382 MF590 ' +
  'MG261 MH692 MK389 ML223 MM95 MN976 MO853 MP1 MQ596 MR222 MS1 MT356 MU230 MV960 MW265 MX52 MY60 ' +
  'MZ258 NA264 NC687 NE227 NF672 NG234 NI505 NL31 NO47 NP977 NR674 NU683 NZ64 OM968 PA507 PE51 ' +
  'PF689 PG675 PH63 PK92 PL48 PM508 PR1 PS970 PT351 PW680 PY595 QA974 RE262 RO40 RS381 RU7 RW250 ' +
  'SA966 SB677 SC248 SD249 SE46 SG65 SH290 SI386 SJ47 SK421 SL232 SM378 SN221 SO252 SR597 SS211 ' +
  'ST239 SV503 SX1 SY963 SZ268 TC1 TD235 TG228 TH66 TJ992 TK690 TL670 TM993 TN216 TO676 TR90 TT1 ' +
  'TV688 TW886 TZ255 UA380 UG256 US1 UY598 UZ998 VA39 VC1 VE58 VG1 VI1 VN84 VU678 WF681 WS685 ' +
  'XK383 YE967 YT262 ZA27 ZM260 ZW263';

/** `[alpha-2, "+calling code"]` for every listed country, by code. */
export const COUNTRY_DIAL_CODES: readonly (readonly [string, string])[] = DIAL_TABLE.split(' ').map(
  (entry) => [entry.slice(0, 2), `+${entry.slice(2)}`] as const,
);

/** India and Brazil are the product's main markets, so they open the list. */
export const PINNED_COUNTRIES = ['IN', 'BR'] as const;

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** `IN` → 🇮🇳: each letter becomes its regional indicator symbol. */
export function flagEmoji(iso2: string): string {
  const code = iso2.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65));
}

export interface ListedCountry {
  /** ISO 3166-1 alpha-2, upper case (`IN`). */
  code: string;
  /** `+` and the calling code (`+91`). */
  dialCode: string;
  flag: string;
  /** In the reader's language. */
  name: string;
}

type NameLookup = (iso2: string) => string | undefined;
type NameFile = { default: { countries: Record<string, string | readonly string[]> } };

/**
 * i18n-iso-countries' names, one chunk per language, for a browser whose `Intl.DisplayNames` lacks
 * the language or a country. Languages without a file read English.
 */
const NAME_FILES: Record<string, () => Promise<NameFile>> = {
  en: () => import('i18n-iso-countries/langs/en.json', { with: { type: 'json' } }),
  hi: () => import('i18n-iso-countries/langs/hi.json', { with: { type: 'json' } }),
  pt: () => import('i18n-iso-countries/langs/pt.json', { with: { type: 'json' } }),
};

/** The browser's names for regions in `language`, or null where `Intl.DisplayNames` is missing. */
export function displayNames(language: string): NameLookup | null {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    return (iso2) => {
      const name = names.of(iso2);
      // Some engines answer the code itself for a region they do not know.
      return name && name !== iso2 ? name : undefined;
    };
  } catch {
    return null;
  }
}

/** Names from i18n-iso-countries' file for `language` (its primary subtag; English when there is none). */
export async function fileNames(language: string): Promise<NameLookup> {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? '';
  const load = NAME_FILES[primary] ?? NAME_FILES.en;
  const { countries } = (await (load as () => Promise<NameFile>)()).default;
  return (iso2) => {
    const name = countries[iso2];
    return typeof name === 'string' ? name : name?.[0];
  };
}

/** The list with names from `nameOf`: India and Brazil first, then the rest by name in `language`. */
export function listCountries(language: string, nameOf: NameLookup): ListedCountry[] {
  const listed = COUNTRY_DIAL_CODES.map(([code, dialCode]) => ({
    code,
    dialCode,
    flag: flagEmoji(code),
    name: nameOf(code) ?? code,
  }));
  const pinned = PINNED_COUNTRIES.map((code) => listed.find((c) => c.code === code)).filter(
    (c): c is ListedCountry => c !== undefined,
  );
  const collator = new Intl.Collator(language);
  const rest = listed
    .filter((c) => !(PINNED_COUNTRIES as readonly string[]).includes(c.code))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...pinned, ...rest];
}

const LISTS = new Map<string, Promise<readonly ListedCountry[]>>();

/**
 * Every listed country with its name in `language` (a BCP 47 tag such as `pt-BR`), loaded once per
 * language. Fetches a names chunk only when the browser cannot name every country itself.
 */
export function loadCountryList(language: string): Promise<readonly ListedCountry[]> {
  let list = LISTS.get(language);
  if (!list) {
    list = loadList(language);
    LISTS.set(language, list);
    list.catch(() => LISTS.delete(language));
  }
  return list;
}

async function loadList(language: string): Promise<readonly ListedCountry[]> {
  const browser = displayNames(language);
  if (browser && COUNTRY_DIAL_CODES.every(([code]) => browser(code) !== undefined)) {
    return listCountries(language, browser);
  }
  const file = await fileNames(language);
  return listCountries(language, (code) => browser?.(code) ?? file(code));
}
