import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  type CurrencyCode,
  convertMinor,
  formatAmount,
  formatMinorUnits,
  kcashToUsdt,
  minorPerMajor,
  parseAmount,
  parseMinorUnits,
  usdtToKcash,
} from './money.ts';

const codes = Object.keys(CURRENCIES) as CurrencyCode[];

describe('currencies in integer minor units', () => {
  it('USDT has 6 decimals, K-Cash 3, rKHEL 6, K-Points 0', () => {
    expect(minorPerMajor('USDT')).toBe(1_000_000n);
    expect(minorPerMajor('KCASH')).toBe(1_000n);
    expect(minorPerMajor('RKHEL')).toBe(1_000_000n);
    expect(minorPerMajor('KPOINTS')).toBe(1n);
  });
});

describe('1 USDT = 1000 K-Cash (SPEC §1/§9), exact', () => {
  it('1 USDT (1_000_000 minor) → 1000 K-Cash (1_000_000 minor), no remainder', () => {
    const { amount, remainder } = usdtToKcash(1_000_000n);
    expect(amount).toBe(1_000_000n);
    expect(remainder).toBe(0n);
    expect(formatAmount(amount, 'KCASH')).toBe('1000');
  });

  it('1000 K-Cash → 1 USDT; 0.001 K-Cash → 0.000001 USDT', () => {
    expect(kcashToUsdt(1_000_000n)).toEqual({ amount: 1_000_000n, remainder: 0n });
    expect(kcashToUsdt(1n)).toEqual({ amount: 1n, remainder: 0n });
  });

  it('property: USDT → K-Cash → USDT gives back the same amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), (usdt) => {
        const k = usdtToKcash(usdt);
        const back = kcashToUsdt(k.amount);
        return k.remainder === 0n && back.remainder === 0n && back.amount === usdt;
      }),
    );
  });
});

describe('convertMinor keeps an explicit remainder', () => {
  it('1.5 K-Cash → K-Points at 1:1 gives 1 point and 500 K-Cash minor units left over', () => {
    expect(convertMinor(1_500n, 'KCASH', 'KPOINTS', { toMajor: 1n, fromMajor: 1n })).toEqual({
      amount: 1n,
      remainder: 500n,
    });
  });

  it('3 K-Points → K-Cash at 2 points per K-Cash is exactly 1.5 K-Cash', () => {
    expect(convertMinor(3n, 'KPOINTS', 'KCASH', { toMajor: 1n, fromMajor: 2n })).toEqual({
      amount: 1_500n,
      remainder: 0n,
    });
  });

  it('10 K-Points → K-Cash at 3 points per K-Cash: 3 K-Cash and 1 point left (3.333 K-Cash would not be exact)', () => {
    expect(convertMinor(10n, 'KPOINTS', 'KCASH', { toMajor: 1n, fromMajor: 3n })).toEqual({
      amount: 3_000n,
      remainder: 1n,
    });
  });

  it('property: the converted part plus the remainder is the whole input, and the remainder is smaller than one block', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.constantFrom(...codes),
        fc.constantFrom(...codes),
        fc.bigInt({ min: 1n, max: 10_000n }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        (amount, from, to, toMajor, fromMajor) => {
          const { amount: out, remainder } = convertMinor(amount, from, to, { toMajor, fromMajor });
          // out target minor units are worth exactly (amount - remainder) source minor units:
          const lhs = out * fromMajor * minorPerMajor(from);
          const rhs = (amount - remainder) * toMajor * minorPerMajor(to);
          const sameSign = remainder === 0n || remainder > 0n === amount > 0n;
          return lhs === rhs && sameSign;
        },
      ),
    );
  });

  it('refuses a zero or negative rate', () => {
    expect(() => convertMinor(1n, 'USDT', 'KCASH', { toMajor: 0n, fromMajor: 1n })).toThrow(RangeError);
  });
});

describe('formatAmount / parseAmount without floats', () => {
  it.each<[bigint | string, CurrencyCode, string]>([
    [1_500_000n, 'USDT', '1.5'],
    [1n, 'USDT', '0.000001'],
    [0n, 'USDT', '0'],
    ['1234500', 'KCASH', '1234.5'],
    [-2_000n, 'KCASH', '-2'],
    [42n, 'KPOINTS', '42'],
    [123_456_789_012_345_678_901_234_567n, 'RKHEL', '123456789012345678901.234567'],
  ])('formatAmount(%s, %s) → %s', (minor, currency, text) => {
    expect(formatAmount(minor, currency)).toBe(text);
  });

  it('grouping and minimum decimals', () => {
    expect(formatAmount('-1234500', 'KCASH', { grouping: true, minDecimals: 2 })).toBe('-1,234.50');
    expect(formatAmount(1_234_567_000_000n, 'USDT', { grouping: true })).toBe('1,234,567');
    expect(formatAmount(5n, 'KPOINTS', { minDecimals: 2 })).toBe('5');
  });

  it('refuses a non-integer string', () => {
    expect(() => formatAmount('1.5', 'USDT')).toThrow(TypeError);
  });

  it.each<[string, CurrencyCode, bigint]>([
    ['1.5', 'USDT', 1_500_000n],
    ['0.000001', 'USDT', 1n],
    ['1,234.5', 'KCASH', 1_234_500n],
    [' 1000 ', 'KCASH', 1_000_000n],
    ['-2', 'KCASH', -2_000n],
    ['007', 'KPOINTS', 7n],
  ])('parseAmount(%s, %s) → %s', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toBe(minor);
  });

  it.each<[string, CurrencyCode]>([
    ['0.0000001', 'USDT'],
    ['1.5', 'KPOINTS'],
    ['1,23.5', 'KCASH'],
    ['1.', 'USDT'],
    ['.5', 'USDT'],
    ['1e3', 'USDT'],
    ['', 'USDT'],
    ['abc', 'USDT'],
    ['1 000', 'KCASH'],
  ])('parseAmount(%s, %s) → null (never rounds)', (text, currency) => {
    expect(parseAmount(text, currency)).toBeNull();
  });

  it('property: parseAmount(formatAmount(x)) === x for every currency, with and without grouping', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.constantFrom(...codes),
        fc.boolean(),
        fc.integer({ min: 0, max: 6 }),
        (minor, currency, grouping, minDecimals) =>
          parseAmount(formatAmount(minor, currency, { grouping, minDecimals }), currency) === minor,
      ),
    );
  });
});

describe('amounts given with their decimals (INR and BRL payments)', () => {
  it('formats and parses 2-decimal amounts exactly', () => {
    expect(formatMinorUnits('50000', 2, { minDecimals: 2 })).toBe('500.00');
    expect(formatMinorUnits(123_456_789n, 2, { grouping: true })).toBe('1,234,567.89');
    expect(formatMinorUnits(5n, 2)).toBe('0.05');
    expect(parseMinorUnits('500', 2)).toBe(50_000n);
    expect(parseMinorUnits('1,234.5', 2)).toBe(123_450n);
    expect(parseMinorUnits('0.001', 2)).toBeNull();
    expect(parseMinorUnits('abc', 2)).toBeNull();
  });

  it('formatAmount and parseAmount are the same rules with the currency’s decimals', () => {
    for (const code of codes) {
      const decimals = CURRENCIES[code].decimals;
      expect(formatAmount(1_234_567n, code, { grouping: true })).toBe(
        formatMinorUnits(1_234_567n, decimals, { grouping: true }),
      );
      expect(parseAmount('12.5', code)).toBe(parseMinorUnits('12.5', decimals));
    }
  });
});

describe('amounts written for a locale', () => {
  it('groups in lakhs for Hindi, with points and a decimal comma for Brazil, and stays exact', () => {
    expect(formatAmount(1_234_567_500n, 'KCASH', { grouping: true, locale: 'hi' })).toBe('12,34,567.5');
    expect(formatAmount(1_234_567_500n, 'KCASH', { grouping: true, locale: 'pt-BR' })).toBe('1.234.567,5');
    expect(formatAmount(1_234_567_500n, 'KCASH', { grouping: true, locale: 'en' })).toBe('1,234,567.5');
    // Beyond 2^53: still exact digit by digit.
    expect(formatMinorUnits('123456789012345678901', 2, { grouping: true, locale: 'pt-BR' })).toBe(
      '1.234.567.890.123.456.789,01',
    );
    expect(formatMinorUnits('-50050', 2, { grouping: true, minDecimals: 2, locale: 'pt-BR' })).toBe(
      '-500,50',
    );
  });
});
