import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanAmountInput,
  countedText,
  kcashRateText,
  moneyText,
  payText,
  usdtInPayCurrency,
  withUnit,
} from './money-text.ts';

describe('amounts are written the way the reader’s language writes numbers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const inLanguage = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });

  it('English (read in India): lakhs and crores, and a decimal point', () => {
    inLanguage('en');
    expect(moneyText({ amount: '1234567500', currency: 'KCASH' })).toBe('12,34,567.5\u00a0K\u2011Cash');
    expect(payText({ amount: '123456750', currency: 'INR', decimals: 2 })).toBe('₹12,34,567.50');
  });

  it('Hindi: lakhs and crores', () => {
    inLanguage('hi');
    expect(payText({ amount: '123456750', currency: 'INR', decimals: 2 })).toBe('₹12,34,567.50');
  });

  it('Brazilian Portuguese: points and a decimal comma', () => {
    inLanguage('pt-BR');
    expect(moneyText({ amount: '1234567500', currency: 'KCASH' })).toBe('1.234.567,5\u00a0K\u2011Cash');
    expect(payText({ amount: '5500', currency: 'BRL', decimals: 2 })).toBe('R$ 55,00');
  });
});

describe('amounts a gamer reads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('K-Cash is counted in whole K-Cash, rounded down (never overstated); other currencies stay exact', () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    expect(countedText({ amount: '5863094', currency: 'KCASH' })).toBe('5,863\u00a0K\u2011Cash');
    // Under one K-Cash stays exact: a balance that is not empty never reads 0.
    expect(countedText({ amount: '999', currency: 'KCASH' })).toBe('0.999\u00a0K\u2011Cash');
    expect(countedText({ amount: '3500000', currency: 'USDT' })).toBe('3.5\u00a0USDT');
    expect(moneyText({ amount: '5863094', currency: 'KCASH' })).toBe('5,863.094\u00a0K\u2011Cash');
  });

  it('the fee and the rate in the payer’s currency', () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    const upi = { pay: { currency: 'INR', decimals: 2 }, rate: { fromMajor: '84', toMajor: '1' } };
    const pix = { pay: { currency: 'BRL', decimals: 2 }, rate: { fromMajor: '11', toMajor: '2' } };
    const usdt = { pay: { currency: 'USDT', decimals: 6 }, rate: { fromMajor: '1', toMajor: '1' } };
    // 0.089286 USDT × 84 = ₹7.500024 → ₹7.50
    expect(payText(usdtInPayCurrency('89286', upi))).toBe('₹7.50');
    // 0.05 USDT × 5.5 = R$ 0.275 → R$ 0.28 (half up)
    expect(payText(usdtInPayCurrency('50000', pix))).toBe('R$ 0.28');
    expect(payText(usdtInPayCurrency('500000', usdt))).toBe('0.5\u00a0USDT');
    expect(kcashRateText(upi)).toBe('₹84.00 = 1,000\u00a0K\u2011Cash');
    expect(kcashRateText(pix)).toBe('R$ 5.50 = 1,000\u00a0K\u2011Cash');
    expect(kcashRateText(usdt)).toBe('1\u00a0USDT = 1,000\u00a0K\u2011Cash');
  });
});

describe('amount fields', () => {
  it('keep only digits and the decimal point or comma, whatever is typed or pasted', () => {
    expect(cleanAmountInput('5o0')).toBe('50');
    expect(cleanAmountInput('₹ 1,000.50 abc')).toBe('1,000.50');
    expect(cleanAmountInput('12,5')).toBe('12,5');
    expect(cleanAmountInput('-3e2')).toBe('32');
  });
});

describe('an amount and its unit never break apart', () => {
  it('a no-break space before the unit and a non-breaking hyphen in it (K-Cash, K-Points)', () => {
    const kcash = moneyText({ amount: '6000000', currency: 'KCASH' });
    expect(kcash).toBe('6,000\u00a0K\u2011Cash');
    expect(kcash).not.toMatch(/[ -]/);
    expect(withUnit('120', 'K-Points')).toBe('120\u00a0K\u2011Points');
    expect(withUnit('10', 'USDT')).toBe('10\u00a0USDT');
  });
});
