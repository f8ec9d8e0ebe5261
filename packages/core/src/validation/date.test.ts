import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_INVALID_MESSAGE,
  ddMmYyyySchema,
  ddMmYyyyToIso,
  isValidDdMmYyyy,
  parseDdMmYyyy,
} from './date.ts';

describe('dates are dd/mm/yyyy (SPEC §5)', () => {
  it('reads a real date', () => {
    expect(parseDdMmYyyy('05/03/2026')).toEqual({ day: 5, month: 3, year: 2026 });
    expect(ddMmYyyyToIso('31/12/1999')).toBe('1999-12-31');
  });

  it('31/02/2024 fails; 29/02/2024 passes (leap year); 29/02/2023 and 29/02/1900 fail; 29/02/2000 passes', () => {
    expect(isValidDdMmYyyy('31/02/2024')).toBe(false);
    expect(isValidDdMmYyyy('29/02/2024')).toBe(true);
    expect(isValidDdMmYyyy('29/02/2023')).toBe(false);
    expect(isValidDdMmYyyy('29/02/1900')).toBe(false);
    expect(isValidDdMmYyyy('29/02/2000')).toBe(true);
  });

  it('31 only in long months', () => {
    expect(isValidDdMmYyyy('31/04/2024')).toBe(false);
    expect(isValidDdMmYyyy('31/05/2024')).toBe(true);
    expect(isValidDdMmYyyy('30/06/2024')).toBe(true);
  });

  it.each([
    '5/3/2026',
    '05-03-2026',
    '2026/03/05',
    '00/01/2024',
    '01/13/2024',
    '01/00/2024',
    '01/01/0000',
    '01/01/24',
    '',
  ])('refuses %s', (text) => {
    expect(isValidDdMmYyyy(text)).toBe(false);
    expect(ddMmYyyySchema.safeParse(text).error?.issues[0]?.message).toBe(DATE_INVALID_MESSAGE);
  });

  it('property: agrees with the JavaScript calendar for every day of 1900..2100', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1900, 0, 1)),
          max: new Date(Date.UTC(2100, 11, 31)),
          noInvalidDate: true,
        }),
        (d) => {
          const text = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
          return isValidDdMmYyyy(text) && ddMmYyyyToIso(text) === d.toISOString().slice(0, 10);
        },
      ),
    );
  });
});
