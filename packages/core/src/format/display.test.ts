import { describe, expect, it } from 'vitest';
import { formatNumber } from './count.ts';
import { formatMoney, formatMoneyAmount, shownMinor, withUnit } from './display.ts';
import { matchLanguage, numberLocale } from './language.ts';

const NBSP = '\u00a0';
const plain = (text: string) => text.replaceAll(NBSP, ' ').replaceAll('\u2011', '-');

describe('languages and their number conventions', () => {
  it('maps Telegram and browser tags to the languages we ship', () => {
    expect(matchLanguage('hi-IN')).toBe('hi');
    expect(matchLanguage('pt_br')).toBe('pt-BR');
    expect(matchLanguage('EN-gb')).toBe('en');
    expect(matchLanguage('ru')).toBeNull();
  });

  it('English and Hindi readers write numbers the Indian way, Portuguese readers the Brazilian way', () => {
    expect(numberLocale('en')).toBe('en-IN');
    expect(numberLocale('hi')).toBe('hi-IN');
    expect(numberLocale('pt-br')).toBe('pt-BR');
    expect(numberLocale('ru')).toBe('en-IN');
    expect(numberLocale(null)).toBe('en-IN');
  });
});

describe('formatNumber: counts, points and ranks', () => {
  it.each<[number | bigint | string, string, string]>([
    [20580, 'en', '20,580'],
    [20580, 'hi', '20,580'],
    [20580, 'pt-BR', '20.580'],
    [1000, 'pt-BR', '1.000'],
    [1000, 'en', '1,000'],
    [1234567, 'en', '12,34,567'],
    [1234567, 'pt-BR', '1.234.567'],
    [999, 'en', '999'],
    [-4500, 'en', '-4,500'],
    [12345678901234567890n, 'en', '1,23,45,67,89,01,23,45,67,890'],
    ['20580', 'pt-BR', '20.580'],
    [2.5, 'pt-BR', '2,5'],
  ])('%s in %s → %s', (value, language, text) => {
    expect(formatNumber(value, language)).toBe(text);
  });

  it('leaves what is not a number as it is', () => {
    expect(formatNumber('#3', 'en')).toBe('#3');
    expect(formatNumber(Number.NaN, 'en')).toBe('NaN');
  });
});

describe('formatMoney: whole K-Cash where a gamer reads, exact where money leaves', () => {
  it('rounds K-Cash toward zero to whole K-Cash, so a balance is never overstated', () => {
    const money = { amount: '5863094', currency: 'KCASH' } as const;
    expect(plain(formatMoney(money, 'en'))).toBe('5,863 K-Cash');
    expect(plain(formatMoney(money, 'pt-BR'))).toBe('5.863 K-Cash');
    expect(plain(formatMoney(money, 'hi'))).toBe('5,863 K-Cash');
    expect(plain(formatMoney({ amount: 8_999_999_999n, currency: 'KCASH' }, 'pt-BR'))).toBe(
      '8.999.999 K-Cash',
    );
    expect(formatMoneyAmount({ amount: -4_500_500n, currency: 'KCASH' }, 'en')).toBe('-4,500');
  });

  it('keeps every minor unit with the exact precision, in the language’s separators', () => {
    const money = { amount: 8_999_999_999n, currency: 'KCASH' } as const;
    expect(plain(formatMoney(money, 'pt-BR', 'exact'))).toBe('8.999.999,999 K-Cash');
    expect(plain(formatMoney(money, 'en', 'exact'))).toBe('89,99,999.999 K-Cash');
    expect(plain(formatMoney({ amount: '5863094', currency: 'KCASH' }, 'en', 'exact'))).toBe(
      '5,863.094 K-Cash',
    );
  });

  it('an amount under one K-Cash stays exact rather than reading 0; other currencies are always exact', () => {
    expect(shownMinor({ amount: 94n, currency: 'KCASH' })).toBe(94n);
    expect(shownMinor({ amount: 0n, currency: 'KCASH' })).toBe(0n);
    expect(plain(formatMoney({ amount: 1_500_000n, currency: 'USDT' }, 'en'))).toBe('1.5 USDT');
    expect(plain(formatMoney({ amount: 20_580n, currency: 'KPOINTS' }, 'pt-BR'))).toBe('20.580 K-Points');
  });

  it('joins the amount and its unit so they never wrap apart', () => {
    expect(withUnit('6,000', 'K-Cash')).toBe(`6,000${NBSP}K\u2011Cash`);
    expect(formatMoney({ amount: 6_000_000n, currency: 'KCASH' }, 'en')).toBe(`6,000${NBSP}K\u2011Cash`);
  });
});
