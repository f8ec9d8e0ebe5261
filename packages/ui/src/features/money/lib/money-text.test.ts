import { afterEach, describe, expect, it, vi } from 'vitest';
import { moneyText, payText } from './money-text.ts';

describe('amounts are written the way the reader’s language writes numbers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const inLanguage = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });

  it('English: commas and a decimal point', () => {
    inLanguage('en');
    expect(moneyText({ amount: '1234567500', currency: 'KCASH' })).toBe('1,234,567.5 K-Cash');
    expect(payText({ amount: '123456750', currency: 'INR', decimals: 2 })).toBe('₹1,234,567.50');
  });

  it('Hindi: lakhs and crores', () => {
    inLanguage('hi');
    expect(payText({ amount: '123456750', currency: 'INR', decimals: 2 })).toBe('₹12,34,567.50');
  });

  it('Brazilian Portuguese: points and a decimal comma', () => {
    inLanguage('pt-BR');
    expect(moneyText({ amount: '1234567500', currency: 'KCASH' })).toBe('1.234.567,5 K-Cash');
    expect(payText({ amount: '5500', currency: 'BRL', decimals: 2 })).toBe('R$ 55,00');
  });
});
