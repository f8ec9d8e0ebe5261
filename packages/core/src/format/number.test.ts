import { describe, expect, it } from 'vitest';
import { formatCompact, formatMillions } from './number.ts';

describe('compact numbers (SPEC §9: abbreviations K, M, B)', () => {
  it.each<[number | bigint, string]>([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [12.345, '12.35'],
    [1_000, '1K'],
    [1_500, '1.5K'],
    [12_345, '12.35K'],
    [999_499, '999.5K'],
    [999_999, '1M'],
    [2_345_678, '2.35M'],
    [1_000_000_000, '1B'],
    [7_250_000_000, '7.25B'],
    [1_234_000_000_000, '1234B'],
    [-1_500, '-1.5K'],
    [5_000_000n, '5M'],
  ])('%s → %s', (value, text) => {
    expect(formatCompact(value)).toBe(text);
  });

  it('decimals are configurable', () => {
    expect(formatCompact(1_234_567, 0)).toBe('1M');
    expect(formatCompact(1_234_567, 3)).toBe('1.235M');
  });
});

describe("millions shown as 'x.xx M' (SPEC §9)", () => {
  it.each<[number | bigint, string]>([
    [2_500_000, '2.50 M'],
    [1_234_567, '1.23 M'],
    [1_235_000, '1.24 M'],
    [999_999, '1.00 M'],
    [0, '0.00 M'],
    [12_000_000_000n, '12000.00 M'],
    [-3_000_000, '-3.00 M'],
  ])('%s → %s', (value, text) => {
    expect(formatMillions(value)).toBe(text);
  });
});
