import { describe, expect, it } from 'vitest';
import { formatNumber, GROUPED_LOCALES } from './count.ts';
import { numberLocale } from './language.ts';

const WHOLE = [
  0,
  1,
  -1,
  12,
  999,
  1000,
  -1000,
  12_345,
  99_999,
  100_000,
  1_234_567,
  -1_234_567,
  12_345_678_901,
  Number.MAX_SAFE_INTEGER,
];

describe('formatNumber', () => {
  for (const language of ['en', 'hi', 'pt-BR']) {
    const intl = new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 2 });
    it(`groups whole numbers as Intl does in ${language}, without Intl`, () => {
      for (const value of WHOLE) expect(formatNumber(value, language)).toBe(intl.format(value));
      const big = 123_456_789_012_345_678_901n;
      expect(formatNumber(big, language)).toBe(intl.format(big));
      expect(formatNumber('-9876543210', language)).toBe(intl.format(-9_876_543_210n));
    });
    it(`leaves fractions to Intl in ${language}`, () => {
      expect(formatNumber(1234.5678, language)).toBe(intl.format(1234.5678));
    });
  }
  it('writes minus zero as 0 (Intl writes -0)', () => {
    expect(formatNumber(-0, 'en')).toBe('0');
  });
  it('gives back what is not a number', () => {
    expect(formatNumber('12a', 'en')).toBe('12a');
    expect(formatNumber(Number.NaN, 'en')).toBe('NaN');
  });
});

describe('GROUPED_LOCALES', () => {
  it('names the decimal sign Intl uses in each', () => {
    for (const [locale, decimal] of Object.entries(GROUPED_LOCALES)) {
      const sign = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
      expect(sign).toBe(decimal);
    }
  });
});
