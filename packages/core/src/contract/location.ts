import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/** Where a visitor is (the offline GeoIP lookup) and the country, city and college lists. */

// Our texts (SPEC §5 gives none for these).
export const COUNTRY_CODE_MESSAGE = 'Please choose a country from the list';
export const PLACE_NAME_MESSAGE =
  "Please use up to 80 letters, digits, spaces and the characters . , ' - ( ) &";
export const IP_INVALID_MESSAGE = 'ip must be an IPv4 or IPv6 address';

/** The answer of the location lookup when the IP cannot be placed (SPEC §8). */
export const UNKNOWN_LOCATION = 'unknown';

/** City and college: a list entry or the user's own text (small towns and colleges are not all listed). */
const PLACE_NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’()&-]{0,79}$/u;

/** placeNameSchema's rule as a plain function (a form checks it without the schema library). */
export const isPlaceName = (value: string): boolean => PLACE_NAME.test(value.trim());

export const countryCodeSchema = lazySchema(() =>
  z
    .string({ error: COUNTRY_CODE_MESSAGE })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { message: COUNTRY_CODE_MESSAGE })
    .transform((v) => v.toUpperCase()),
);

export const placeNameSchema = lazySchema(() =>
  z.string({ error: PLACE_NAME_MESSAGE }).trim().regex(PLACE_NAME, { message: PLACE_NAME_MESSAGE }),
);

export const countryListItemSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    iso3: z.string(),
    name: z.string(),
    names: z.record(z.string(), z.string()),
    dial_code: z.string(),
    flag: z.string(),
  }),
);

export const placeListQuery = lazySchema(() => z.object({ country: countryCodeSchema }).strict());
export const placeListSchema = lazySchema(() =>
  z.object({ country: z.string(), items: z.array(z.string()) }),
);

export const locationQuery = lazySchema(() =>
  z.object({ ip: z.union([z.ipv4(), z.ipv6()], { error: IP_INVALID_MESSAGE }).optional() }).strict(),
);
/**
 * SPEC §7 (`country`, `country_calling_code`) and SPEC §3 (`countryCodeISO3`, `continentCode`) fields.
 * Every field is 'unknown' when the IP cannot be placed (private, reserved or not in the database).
 */
export const locationSchema = lazySchema(() =>
  z.object({
    ip: z.string(),
    /** English country name. */
    country: z.string(),
    /** `+91`. */
    country_calling_code: z.string(),
    /** ISO 3166-1 alpha-2 (`IN`). */
    countryCodeISO2: z.string(),
    countryCodeISO3: z.string(),
    /** AF, AN, AS, EU, NA, OC, SA. */
    continentCode: z.string(),
  }),
);
export type UserLocation = z.infer<typeof locationSchema>;

export const locationRoutes = {
  countries: defineRoute({
    method: 'GET',
    path: '/users/me/countries',
    summary: 'Every country with names in about 20 languages, dial code, ISO codes and flag (public)',
    tag: 'Users',
    auth: 'none',
    response: lazySchema(() => z.array(countryListItemSchema)),
  }),
  cities: defineRoute({
    method: 'GET',
    path: '/users/me/cities',
    summary: 'Suggested cities of a country (a static list for IN, BR, NP, BD, BH; empty elsewhere; public)',
    tag: 'Users',
    auth: 'none',
    query: placeListQuery,
    response: placeListSchema,
  }),
  colleges: defineRoute({
    method: 'GET',
    path: '/users/me/colleges',
    summary:
      'Suggested colleges of a country (a static list for IN, BR, NP, BD, BH; empty elsewhere; public)',
    tag: 'Users',
    auth: 'none',
    query: placeListQuery,
    response: placeListSchema,
  }),
  location: defineRoute({
    method: 'GET',
    path: '/users/me/locations',
    summary: 'Country of an IP (the caller’s when `ip` is missing) from an offline GeoIP database (public)',
    tag: 'Users',
    auth: 'none',
    query: locationQuery,
    response: locationSchema,
  }),
} as const;
