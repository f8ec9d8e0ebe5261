import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AADHAAR_FORMAT_MESSAGE,
  aadhaarSchema,
  isValidAadhaar,
  isVerhoeffValid,
  maskAadhaar,
  normalizeAadhaar,
  VERHOEFF_D,
  VERHOEFF_INV,
  VERHOEFF_P,
  verhoeffCheckDigit,
} from './aadhaar.ts';

// The tables as Verhoeff (1969) published them; ours are built from the group law and must agree.
const PUBLISHED_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PUBLISHED_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const PUBLISHED_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** A valid Aadhaar from an 11-digit body (first digit 2–9). */
const withCheckDigit = (body: string) => `${body}${verhoeffCheckDigit(body)}`;

// UIDAI's published test numbers, a common sample, and numbers made from bodies of our own.
const VALID = [
  '999941057058',
  '999971658847',
  '234123412346',
  '499118665246',
  withCheckDigit('23456789012'),
  withCheckDigit('98765432101'),
  withCheckDigit('50000000000'),
  withCheckDigit('31415926535'),
  withCheckDigit('27182818284'),
  withCheckDigit('88888888888'),
];

const replaceAt = (s: string, i: number, c: string) => `${s.slice(0, i)}${c}${s.slice(i + 1)}`;
const swapAt = (s: string, i: number) => `${s.slice(0, i)}${s[i + 1]}${s[i]}${s.slice(i + 2)}`;

describe('Verhoeff check digit', () => {
  it('builds exactly the published d, p and inv tables', () => {
    expect(VERHOEFF_D).toEqual(PUBLISHED_D);
    expect(VERHOEFF_P).toEqual(PUBLISHED_P);
    expect(VERHOEFF_INV).toEqual(PUBLISHED_INV);
    for (let a = 0; a < 10; a++) expect(VERHOEFF_D[a]![VERHOEFF_INV[a]!]).toBe(0);
  });

  it.each([
    ['236', 3],
    ['12345', 1],
    ['142857', 0],
    ['23456789012', 4],
  ])('the check digit of %s is %i', (digits, check) => {
    expect(verhoeffCheckDigit(digits)).toBe(check);
    expect(isVerhoeffValid(`${digits}${check}`)).toBe(true);
    for (let other = 0; other < 10; other++) {
      if (other !== check) expect(isVerhoeffValid(`${digits}${other}`)).toBe(false);
    }
  });

  it('refuses what is not digits', () => {
    expect(isVerhoeffValid('')).toBe(false);
    expect(isVerhoeffValid('2363a')).toBe(false);
    expect(() => verhoeffCheckDigit('12a')).toThrow();
  });
});

describe('Aadhaar (12 digits, first 2–9, Verhoeff)', () => {
  it.each(VALID)('accepts %s', (n) => {
    expect(n).toMatch(/^[2-9]\d{11}$/);
    expect(isValidAadhaar(n)).toBe(true);
  });

  it('refuses EVERY single-digit change of each valid number', () => {
    let tried = 0;
    for (const n of VALID) {
      for (let i = 0; i < 12; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === n[i]) continue;
          const changed = replaceAt(n, i, String(d));
          expect(isValidAadhaar(changed), changed).toBe(false);
          tried++;
        }
      }
    }
    expect(tried).toBe(VALID.length * 12 * 9);
  });

  it('refuses EVERY swap of two different neighbouring digits of each valid number', () => {
    let tried = 0;
    for (const n of VALID) {
      for (let i = 0; i < 11; i++) {
        if (n[i] === n[i + 1]) continue;
        const swapped = swapAt(n, i);
        expect(isValidAadhaar(swapped), swapped).toBe(false);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(VALID.length * 8);
  });

  it('refuses a first digit 0 or 1 even with a right check digit, and other lengths', () => {
    expect(isVerhoeffValid(withCheckDigit('12345678901'))).toBe(true);
    expect(isValidAadhaar(withCheckDigit('12345678901'))).toBe(false);
    expect(isValidAadhaar(withCheckDigit('02345678901'))).toBe(false);
    expect(isValidAadhaar(withCheckDigit('2345678901'))).toBe(false);
    expect(isValidAadhaar(withCheckDigit('234567890123'))).toBe(false);
    expect(isValidAadhaar('2341 2341 2346')).toBe(false);
  });

  it('the schema takes the number as printed on the card and outputs it without spaces', () => {
    expect(aadhaarSchema.parse('2341 2341 2346')).toBe('234123412346');
    expect(aadhaarSchema.parse(' 234123412346 ')).toBe('234123412346');
    expect(aadhaarSchema.safeParse('2341 2341 2345').error?.issues[0]?.message).toBe(AADHAAR_FORMAT_MESSAGE);
    expect(aadhaarSchema.safeParse(234123412346).error?.issues[0]?.message).toBe(AADHAAR_FORMAT_MESSAGE);
    expect(normalizeAadhaar(' 2341\t2341 2346 ')).toBe('234123412346');
  });

  it('masks all but the last four digits', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
  });

  const body = fc
    .tuple(fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^\d{10}$/))
    .map(([f, r]) => `${f}${r}`);

  it('property: a body with its check digit is valid', () => {
    fc.assert(fc.property(body, (b) => isValidAadhaar(withCheckDigit(b))));
  });

  it('property: any single-digit change of a valid number is refused', () => {
    fc.assert(
      fc.property(body, fc.nat(11), fc.integer({ min: 1, max: 9 }), (b, i, delta) => {
        const n = withCheckDigit(b);
        const changed = replaceAt(n, i, String((Number(n[i]) + delta) % 10));
        return !isValidAadhaar(changed);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: any swap of two different neighbours of a valid number is refused', () => {
    fc.assert(
      fc.property(body, fc.nat(10), (b, i) => {
        const n = withCheckDigit(b);
        fc.pre(n[i] !== n[i + 1]);
        return !isValidAadhaar(swapAt(n, i));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: of all 10 last digits exactly one completes a body', () => {
    fc.assert(
      fc.property(body, (b) => {
        const valid = Array.from({ length: 10 }, (_, d) => `${b}${d}`).filter(isValidAadhaar);
        return valid.length === 1 && valid[0] === withCheckDigit(b);
      }),
    );
  });
});
