import { dateParts } from '../format/date.ts';
import { countryOfLanguage, DIAL_CODES, type SupportedCountry } from '../validation/supported-countries.ts';

/**
 * Quiet hours of the bot's notifications: a window of local time (e.g. 22:00–08:00) in which nothing is pushed to
 * a user; what falls due then waits for the window's end. Times are minutes after local midnight; a window whose
 * end is before its start runs past midnight. The zone is the user's own, else their country's.
 */

export const MINUTES_PER_DAY = 24 * 60;

/** Where a supported country's people mostly live (Brazil: Brasília time, BRT; India: IST). */
export const COUNTRY_TIME_ZONES: Readonly<Record<SupportedCountry, string>> = {
  IN: 'Asia/Kolkata',
  BR: 'America/Sao_Paulo',
  NP: 'Asia/Kathmandu',
  BD: 'Asia/Dhaka',
  BH: 'Asia/Bahrain',
};

/** When nothing says where a user is: India, where most gamers are. */
export const DEFAULT_TIME_ZONE = COUNTRY_TIME_ZONES.IN;

/** The zones a user may pick in the bot (/settings), the defaults first. */
export const PICKABLE_TIME_ZONES = [
  'Asia/Kolkata',
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Rio_Branco',
  'America/Noronha',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bahrain',
  'UTC',
] as const;

export type PickableTimeZone = (typeof PICKABLE_TIME_ZONES)[number];

export interface QuietHours {
  /** Minutes after local midnight, 0–1439. */
  start: number;
  end: number;
}

/**
 * The quiet hours the bot's /settings and the website's and Mini App's settings offer (the API takes any window):
 * 22:00–07:00, 22:00–08:00, 23:00–07:00, 23:00–08:00, 21:00–09:00. A literal, so a bundle that does not use it
 * drops it.
 */
export const QUIET_HOURS_CHOICES: readonly QuietHours[] = [
  { start: 22 * 60, end: 7 * 60 },
  { start: 22 * 60, end: 8 * 60 },
  { start: 23 * 60, end: 7 * 60 },
  { start: 23 * 60, end: 8 * 60 },
  { start: 21 * 60, end: 9 * 60 },
];

const zoneChecks = new Map<string, boolean>();
/** Whether the runtime knows `zone` as an IANA time zone (`Asia/Kolkata`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  let known = zoneChecks.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = zone.length <= 64;
    } catch {
      known = false;
    }
    if (zoneChecks.size < 1_000) zoneChecks.set(zone, known);
  }
  return known;
}

/** `+91…` → IN (SPEC §9 dial codes), else null. */
export function countryOfPhone(phoneNumber: string | null | undefined): SupportedCountry | null {
  if (!phoneNumber) return null;
  for (const [country, code] of Object.entries(DIAL_CODES))
    if (phoneNumber.startsWith(code)) return country as SupportedCountry;
  return null;
}

/** What is known of where a user is, most trusted first. */
export interface UserPlace {
  /** The zone they chose. */
  timeZone?: string | null;
  /** Their profile's country (ISO alpha-2). */
  country?: string | null;
  phoneNumber?: string | null;
  /** Where the account was made (the sign-up's IP country, else its Telegram language's). */
  signupCountry?: string | null;
  languageCode?: string | null;
}

/** The user's time zone: the one they chose, else their country's (profile, phone, sign-up, language), else IST. */
export function timeZoneOf(place: UserPlace): string {
  if (place.timeZone && isTimeZone(place.timeZone)) return place.timeZone;
  const countries = [
    place.country,
    countryOfPhone(place.phoneNumber),
    place.signupCountry,
    countryOfLanguage(place.languageCode),
  ];
  for (const country of countries) {
    const zone = country ? COUNTRY_TIME_ZONES[country.toUpperCase() as SupportedCountry] : undefined;
    if (zone) return zone;
  }
  return DEFAULT_TIME_ZONE;
}

/** `22:30` → 1350; null for anything that is not a 24-hour HH:MM. */
export function parseClock(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 1350 → `22:30`. */
export function formatClock(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const minuteOfDay = (at: number, zone: string) => {
  const { hour, minute } = dateParts(at, zone);
  return hour * 60 + minute;
};

/**
 * When the quiet hours `now` falls in end (the first instant the clock in `zone` shows their end), or null when
 * `now` is outside them (or the window is empty). Zones move by whole minutes, so the end is on a minute.
 */
export function quietUntil(now: Date | number, quiet: QuietHours, zone: string): Date | null {
  const { start, end } = quiet;
  if (start === end) return null;
  const at = typeof now === 'number' ? now : now.getTime();
  const m = minuteOfDay(at, zone);
  const inside = start < end ? m >= start && m < end : m >= start || m < end;
  if (!inside) return null;
  let until = Math.floor(at / 60_000) * 60_000 + ((end - m + MINUTES_PER_DAY) % MINUTES_PER_DAY) * 60_000;
  // A clock change in between (daylight saving time) moves the local end: correct by what the clock then says.
  const off = ((end - minuteOfDay(until, zone) + MINUTES_PER_DAY + 720) % MINUTES_PER_DAY) - 720;
  until += off * 60_000;
  return new Date(until);
}
