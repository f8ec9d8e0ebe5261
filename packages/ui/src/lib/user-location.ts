import { UNKNOWN_LOCATION, type UserLocation } from '@khel/core/contract';
import { type SessionStore, STORAGE_KEYS } from '@khel/core/session';
import { DIAL_CODES } from '@khel/core/validation';

/**
 * SPEC §3 userLocationData as the clients store it: the calling code (`+91`) and the country name,
 * plus the ISO code we need for the WhatsApp `region` and the phone picker. 'unknown' in both when
 * the lookup could not tell (SPEC §8).
 */
export interface StoredLocation {
  countryCode: string;
  countryName: string;
  countryCodeISO2?: string;
}

const CALLING_CODE = /^\+[1-9]\d{0,3}$/;
const ISO2 = /^[A-Z]{2}$/;

/**
 * SPEC §5: the saved location is fetched again when its country code is missing or invalid. The
 * 'unknown' fallback counts as invalid, so a visitor placed nowhere is looked up again next time
 * (cheap, and they may be on another network by then).
 */
export function isValidStoredLocation(value: unknown): value is StoredLocation {
  if (value === null || typeof value !== 'object') return false;
  const { countryCode, countryName, countryCodeISO2 } = value as Record<string, unknown>;
  if (typeof countryCode !== 'string' || !CALLING_CODE.test(countryCode)) return false;
  if (typeof countryName !== 'string' || countryName.trim() === '' || countryName === UNKNOWN_LOCATION)
    return false;
  return countryCodeISO2 === undefined || (typeof countryCodeISO2 === 'string' && ISO2.test(countryCodeISO2));
}

/** What the client keeps from GET /users/me/locations. */
export function toStoredLocation(
  location: Pick<UserLocation, 'country' | 'country_calling_code' | 'countryCodeISO2'>,
): StoredLocation {
  const stored: StoredLocation = {
    countryCode: location.country_calling_code || UNKNOWN_LOCATION,
    countryName: location.country || UNKNOWN_LOCATION,
  };
  if (ISO2.test(location.countryCodeISO2)) stored.countryCodeISO2 = location.countryCodeISO2;
  return stored;
}

/** SPEC §8: a failed lookup stores 'unknown' for both. */
export const UNKNOWN_STORED_LOCATION: StoredLocation = {
  countryCode: UNKNOWN_LOCATION,
  countryName: UNKNOWN_LOCATION,
};

/** SPEC §6 country behaviour: India (+91) versus international, and unknown. */
export type CountryGroup = 'india' | 'international' | 'unknown';

export function countryGroupOf(location: StoredLocation | null | undefined): CountryGroup {
  if (!isValidStoredLocation(location)) return 'unknown';
  return location.countryCode === DIAL_CODES.IN ? 'india' : 'international';
}

/** The ISO region of a known location (`IN`, `BR`, …), for the WhatsApp login's `region`. */
export function regionOf(location: StoredLocation | null | undefined): string | null {
  if (!isValidStoredLocation(location)) return null;
  if (location.countryCodeISO2) return location.countryCodeISO2;
  if (location.countryCode === DIAL_CODES.IN) return 'IN';
  if (location.countryCode === DIAL_CODES.BR) return 'BR';
  return null;
}

export function readStoredLocation(session: Pick<SessionStore, 'getJson'>): StoredLocation | null {
  const stored = session.getJson<unknown>(STORAGE_KEYS.userLocationData);
  return isValidStoredLocation(stored) ? stored : null;
}
