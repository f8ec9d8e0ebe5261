import { describe, expect, it } from 'vitest';
import { countryOfLanguage } from '../validation/supported-countries.ts';
import { formatClock, isTimeZone, parseClock, quietUntil, timeZoneOf } from './quiet-hours.ts';

const night = { start: 22 * 60, end: 8 * 60 };

describe('quietUntil', () => {
  it('holds what falls in a window past midnight until its end, in the user’s zone', () => {
    // 23:30 IST on 5 March = 18:00 UTC → 08:00 IST on 6 March = 02:30 UTC.
    expect(quietUntil(Date.UTC(2026, 2, 5, 18, 0, 30), night, 'Asia/Kolkata')).toEqual(
      new Date(Date.UTC(2026, 2, 6, 2, 30)),
    );
    // 07:59 IST → 08:00 the same morning; 08:00 and noon are outside.
    expect(quietUntil(Date.UTC(2026, 2, 6, 2, 29), night, 'Asia/Kolkata')).toEqual(
      new Date(Date.UTC(2026, 2, 6, 2, 30)),
    );
    expect(quietUntil(Date.UTC(2026, 2, 6, 2, 30), night, 'Asia/Kolkata')).toBeNull();
    expect(quietUntil(Date.UTC(2026, 2, 6, 6, 30), night, 'Asia/Kolkata')).toBeNull();
    // The same instant is 15:00 in Brasília: not quiet there.
    expect(quietUntil(Date.UTC(2026, 2, 5, 18, 0), night, 'America/Sao_Paulo')).toBeNull();
    // 22:00 BRT = 01:00 UTC → 08:00 BRT = 11:00 UTC.
    expect(quietUntil(Date.UTC(2026, 2, 6, 1, 0), night, 'America/Sao_Paulo')).toEqual(
      new Date(Date.UTC(2026, 2, 6, 11, 0)),
    );
  });

  it('a window within a day, an empty one, and a clock change inside the window', () => {
    const lunch = { start: 13 * 60, end: 14 * 60 + 30 };
    expect(quietUntil(Date.UTC(2026, 0, 1, 13, 10), lunch, 'UTC')).toEqual(
      new Date(Date.UTC(2026, 0, 1, 14, 30)),
    );
    expect(quietUntil(Date.UTC(2026, 0, 1, 12, 59), lunch, 'UTC')).toBeNull();
    expect(quietUntil(Date.UTC(2026, 0, 1, 13, 0), { start: 600, end: 600 }, 'UTC')).toBeNull();
    // New York springs forward at 02:00 on 8 March 2026: 01:30 EST (06:30 UTC) to 04:00 EDT (08:00 UTC).
    expect(quietUntil(Date.UTC(2026, 2, 8, 6, 30), { start: 60, end: 240 }, 'America/New_York')).toEqual(
      new Date(Date.UTC(2026, 2, 8, 8, 0)),
    );
  });
});

describe('timeZoneOf', () => {
  it('the chosen zone, else the country’s from the profile, phone, sign-up or language, else IST', () => {
    expect(timeZoneOf({ timeZone: 'America/Manaus', country: 'IN' })).toBe('America/Manaus');
    expect(timeZoneOf({ timeZone: 'Mars/Olympus', country: 'BR' })).toBe('America/Sao_Paulo');
    expect(timeZoneOf({ phoneNumber: '+5511999999999', languageCode: 'hi' })).toBe('America/Sao_Paulo');
    expect(timeZoneOf({ signupCountry: 'NP' })).toBe('Asia/Kathmandu');
    expect(timeZoneOf({ languageCode: 'pt-br' })).toBe('America/Sao_Paulo');
    expect(timeZoneOf({ country: 'US', languageCode: 'en' })).toBe('Asia/Kolkata');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('nowhere')).toBe(false);
  });

  it('countryOfLanguage: hi → IN, pt and pt-BR → BR, pt-PT and en → none', () => {
    expect(
      ['hi', 'ta-IN', 'pt', 'pt-br', 'pt_BR', 'pt-PT', 'en', 'en-IN', 'bn-BD', '', null].map(
        countryOfLanguage,
      ),
    ).toEqual(['IN', 'IN', 'BR', 'BR', 'BR', null, null, 'IN', 'BD', null, null]);
  });

  it('clock times', () => {
    expect(parseClock('22:30')).toBe(1350);
    expect(['24:00', '7:00', '22:60', 'x'].map(parseClock)).toEqual([null, null, null, null]);
    expect(formatClock(1350)).toBe('22:30');
    expect(formatClock(0)).toBe('00:00');
  });
});
