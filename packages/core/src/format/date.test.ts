import { describe, expect, it } from 'vitest';
import { dateParts, formatDateTime, formatDayMonth } from './date.ts';

describe('date display d/Mon/yy, hh:mm am/pm (SPEC §9)', () => {
  it('5/Mar/26, 09:07 pm', () => {
    expect(formatDateTime(Date.UTC(2026, 2, 5, 21, 7), { timeZone: 'UTC' })).toBe('5/Mar/26, 09:07 pm');
  });

  it('honours the time zone: the same instant in India and Brazil', () => {
    const instant = new Date(Date.UTC(2026, 2, 5, 21, 7));
    expect(formatDateTime(instant, { timeZone: 'Asia/Kolkata' })).toBe('6/Mar/26, 02:37 am');
    expect(formatDateTime(instant, { timeZone: 'America/Sao_Paulo' })).toBe('5/Mar/26, 06:07 pm');
  });

  it('midnight is 12:00 am, noon 12:00 pm; two-digit days keep both digits', () => {
    expect(formatDateTime(Date.UTC(2025, 11, 31, 0, 0), { timeZone: 'UTC' })).toBe('31/Dec/25, 12:00 am');
    expect(formatDateTime(Date.UTC(2025, 0, 15, 12, 5), { timeZone: 'UTC' })).toBe('15/Jan/25, 12:05 pm');
  });

  it('years are two digits with a leading zero', () => {
    expect(formatDateTime('2005-07-04T08:09:00Z', { timeZone: 'UTC' })).toBe('4/Jul/05, 08:09 am');
  });
});

describe('formatDateTime in Hindi and Portuguese', () => {
  const at = Date.UTC(2026, 10, 24, 15, 43);
  it('keeps the SPEC pattern with the language’s month and am/pm', () => {
    expect(formatDateTime(at, { timeZone: 'UTC', language: 'hi' })).toBe('24/नव॰/26, 03:43 अपराह्न');
    expect(formatDateTime(at, { timeZone: 'UTC', language: 'pt-BR' })).toBe('24/nov/26, 03:43 PM');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 0, 5), { timeZone: 'UTC', language: 'hi' })).toBe(
      '1/जन॰/26, 12:05 पूर्वाह्न',
    );
    expect(formatDateTime(at, { timeZone: 'UTC', language: 'en' })).toBe('24/Nov/26, 03:43 pm');
    expect(formatDateTime(at, { timeZone: 'UTC', language: 'xx' })).toBe('24/Nov/26, 03:43 pm');
  });
});

describe('dateParts in the runtime zone', () => {
  it('reads the Date itself and agrees with Intl for the same zone', () => {
    const saved = process.env.TZ;
    try {
      // Node reads TZ again when it is set, so the runtime zone moves with it.
      for (const zone of ['Asia/Kolkata', 'America/Sao_Paulo', 'UTC']) {
        process.env.TZ = zone;
        for (const instant of [
          Date.UTC(2026, 0, 1, 0, 5),
          Date.UTC(2026, 5, 30, 23, 59),
          Date.UTC(2025, 9, 26, 1, 30),
        ]) {
          expect(dateParts(instant)).toEqual(dateParts(instant, zone));
        }
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe("formatDayMonth: a card's short date without Intl", () => {
  it("writes day and month in each language, in the runtime's zone", () => {
    const noonDec3 = new Date(2026, 11, 3, 12, 0);
    expect(formatDayMonth(noonDec3, 'en')).toBe('3 Dec');
    expect(formatDayMonth(noonDec3, 'hi')).toBe('3 दिस॰');
    expect(formatDayMonth(noonDec3, 'pt-BR')).toBe('3 de dez.');
    expect(formatDayMonth(noonDec3.toISOString(), 'en')).toBe('3 Dec');
    expect(formatDayMonth(noonDec3, 'xx')).toBe('3 Dec');
  });

  it('says what Intl says for every month, but for its spelling of September in Indian English', () => {
    for (let month = 0; month < 12; month++) {
      const day = new Date(2026, month, 17, 9, 30);
      const intl = (locale: string) =>
        new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(day);
      expect(formatDayMonth(day, 'hi')).toBe(intl('hi-IN'));
      expect(formatDayMonth(day, 'pt-BR')).toBe(intl('pt-BR'));
      expect(formatDayMonth(day, 'en')).toBe(intl('en-IN').replace('Sept', 'Sep'));
    }
  });
});
