/**
 * The UTM constants the website's first screen needs (session/utm.ts), in a module without schemas so
 * zod stays out of the first download. Re-exported by utm.ts.
 */

/** A new account may attribute its sign-up to a link within this many hours of signing up. */
export const UTM_ATTRIBUTION_WINDOW_HOURS = 24;
/** How long the website keeps the first link a visitor came through (first touch). */
export const UTM_ATTRIBUTION_TTL_DAYS = 30;
/** The query parameter the short link adds so the website knows the code. */
export const UTM_CODE_PARAM = 'kutm';
/** Short codes: 8 characters of A–Z, a–z, 2–9 without the look-alikes 0 O 1 l I. */
export const UTM_CODE_PATTERN = /^[A-HJ-NP-Za-km-z2-9]{8}$/;
